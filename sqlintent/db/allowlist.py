"""The functions a probe may call, per database: pure ones only (no files, network, settings, locks).

Functions whose one call can run for seconds on a small argument are left out where the database cannot
stop them: SQLite's ``printf``/``format`` (``printf('%.*c', 900000000, 'x')``), DuckDB's ``repeat``,
``lpad``, ``rpad``, ``printf`` and ``format`` (a 2 GB string outside the memory limit). PostgreSQL keeps
them: its values stop at 1 GB and the server process is not sqlintent's.

A name is checked as written before ``(``, whatever sqlglot makes of it. Anything not listed here is
refused before the database sees the statement (see :mod:`sqlintent.db.guard`). Type names are listed
because ``CAST(x AS DECIMAL(10, 2))`` writes them with a parenthesis.
"""
from __future__ import annotations

# Words followed by "(" that are syntax, not calls.
KEYWORDS = frozenset("""
in exists any all some values as over filter within using on and or not select from where join lateral row
array when then else by partition between like ilike is distinct union intersect except with recursive
group order having limit offset window preceding following unbounded current interval
nulls asc desc cube rollup sets ordinality materialized case escape end inner left
right full outer cross natural top fetch first next only ties qualify respect ignore
""".split())

TYPES = frozenset("""
varchar char character varying nvarchar nchar decimal numeric dec float double real precision int integer
bigint smallint tinyint mediumint int2 int4 int8 float4 float8 timestamp timestamptz time timetz date
datetime bit varbit text blob binary varbinary boolean bool number string uuid hugeint ubigint uinteger
usmallint utinyint
""".split())

_AGGREGATES = """
count sum avg min max total group_concat string_agg array_agg listagg bool_and bool_or every stddev
stddev_pop stddev_samp variance var_pop var_samp median mode percentile_cont percentile_disc any_value
count_if corr covar_pop covar_samp bit_and bit_or bit_xor regr_slope regr_intercept regr_count regr_r2
regr_avgx regr_avgy regr_sxx regr_syy regr_sxy grouping
"""
_WINDOW = "row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value last_value nth_value"
_MATH = """
abs ceil ceiling floor round trunc truncate sign sqrt cbrt power pow exp ln log log10 log2 mod div greatest
least pi degrees radians sin cos tan cot asin acos atan atan2 sinh cosh tanh gcd lcm random width_bucket
isnan isinf
"""
_STRING = """
length char_length character_length octet_length bit_length lower upper trim ltrim rtrim btrim substr
substring replace instr position strpos concat concat_ws left right reverse initcap
split_part starts_with translate ascii chr unicode hex md5 regexp_replace regexp_matches
regexp_match regexp_like regexp_substr regexp_split_to_array nullif coalesce ifnull nvl cast try_cast
extract date_part date_trunc overlay
"""
_DATE = """
current_date current_time current_timestamp localtime localtimestamp now age make_date make_time
make_timestamp to_char to_date to_timestamp to_number date_diff datediff date_add date_sub year month day
hour minute second week quarter dayofweek dayofyear dayofmonth isodow isoyear epoch justify_days
justify_hours justify_interval isfinite
"""

_COMMON = frozenset((_AGGREGATES + _WINDOW + _MATH + _STRING + _DATE).split())

_SQLITE = frozenset("""
iif typeof quote likely unlikely likelihood soundex char unicode zeroblob randomblob hex unhex
date time datetime julianday strftime unixepoch timediff glob like json json_extract json_array
json_object json_type json_valid json_array_length json_group_array json_group_object json_quote
json_each json_tree ifnull instr sign -> ->>
""".split())

_POSTGRES = frozenset("""
format repeat lpad rpad to_json to_jsonb json_build_object jsonb_build_object json_build_array
jsonb_build_array json_agg jsonb_agg
json_object_agg jsonb_object_agg json_extract_path json_extract_path_text jsonb_extract_path
jsonb_extract_path_text json_array_length jsonb_array_length array_length array_to_string string_to_array
array_position array_positions array_upper array_lower cardinality unnest generate_series quote_ident
quote_literal quote_nullable num_nulls num_nonnulls scale trim_scale justify_days date_bin timezone
""".split())

_DUCKDB = frozenset("""
if list list_value list_contains list_has array_contains array_length len list_aggregate list_sort
list_distinct list_extract list_slice array_slice struct_pack struct_extract contains suffix prefix
ends_with strftime strptime epoch_ms arbitrary first last product favg fsum kurtosis skewness entropy
mad bool_and string_split str_split regexp_full_match regexp_extract jaro_similarity levenshtein
damerau_levenshtein jaccard hamming editdist3 ascii unnest typeof nullif try_strptime make_timestamp
dayname monthname last_day yearweek weekday weekofyear era century decade millennium microsecond
millisecond to_days to_hours to_minutes to_seconds to_years to_months array_agg histogram
""".split())

FUNCTIONS = {
    "sqlite": _COMMON | _SQLITE,
    "postgres": _COMMON | _POSTGRES,
    "duckdb": _COMMON | _DUCKDB,
}


def allowed(name: str, dialect: str) -> bool:
    """True when ``name(...)`` may appear in a probe for ``dialect`` (a keyword, a type or a pure function)."""
    low = name.lower()
    if low in KEYWORDS or low in TYPES:
        return True
    return low in FUNCTIONS.get(dialect, _COMMON)
