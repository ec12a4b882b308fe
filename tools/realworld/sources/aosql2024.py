"""Advent of SQL 2024 (adventofsql.com, PostgreSQL): 24 daily puzzles, each a published data dump and a
question whose answer the player submits; players' public solution repositories.

The puzzles ask for a report and then for one value read off it ("submit the date with the largest increase"),
so an answer is judged on that value as well as on the whole result: ``ok`` when its result equals the
reference's, or when the submitted value(s) stand on its first row (the report sorted as the puzzle asks);
anything else is read by a person. Days 3 and 4 (their dumps are not in any snapshot), 15 and 16 (PostGIS, not
installed here) and 6 (its tables ``children`` and ``gifts`` share names with days 1 and 12 but not their data:
one database holds every day) are left out; day 18 reads day 8's ``staff`` table (the same dump).
"""
from __future__ import annotations

import re
from typing import Iterable

from realworld import judge as J
from realworld import pg
from realworld.snapshot import Snapshot
from realworld.source import Answer, BuildContext, Fix, Question, Repo, Source

DUMPS = Repo("Aigul9/AdventOfSQL", "a31bef09cb6dc9549d1ff157b119ddbe8449df48")
DAYS = (1, 2, 5, 7, 8, 9, 10, 11, 12, 13, 14, 17, 18, 19, 20, 21, 22, 23, 24)

_CASE_SEASON = "CASE season WHEN 'Spring' THEN 1 WHEN 'Summer' THEN 2 WHEN 'Fall' THEN 3 WHEN 'Winter' THEN 4 END"
_LEVELS = """WITH RECURSIVE chain AS (
  SELECT staff_id, manager_id, 1 AS level FROM staff WHERE manager_id IS NULL
  UNION ALL
  SELECT s.staff_id, s.manager_id, c.level + 1 FROM staff s JOIN chain c ON s.manager_id = c.staff_id)"""

Q = [
    Question("1", "for each child, the first and second choice of their wish list, their first favourite colour and how "
             "many colours they listed, the gift's complexity (1 simple, 2 moderate, more complex) and workshop "
             "(outdoor, educational or general) from the toy catalogue by the first choice; the first 5 children by "
             "name",
             """SELECT c.name, w.wishes->>'first_choice' AS primary_wish, w.wishes->>'second_choice' AS backup_wish,
  w.wishes->'colors'->>0 AS favorite_color, json_array_length(w.wishes->'colors') AS color_count,
  CASE t.difficulty_to_make WHEN 1 THEN 'Simple Gift' WHEN 2 THEN 'Moderate Gift' ELSE 'Complex Gift' END AS gift_complexity,
  CASE t.category WHEN 'outdoor' THEN 'Outside Workshop' WHEN 'educational' THEN 'Learning Workshop'
       ELSE 'General Workshop' END AS workshop_assignment
FROM children c JOIN wish_lists w ON w.child_id = c.child_id
JOIN toy_catalogue t ON t.toy_name = w.wishes->>'first_choice'
ORDER BY c.name LIMIT 5""", ordered=True),
    Question("2", "the child's letter decoded: the values of letters_a and letters_b together in id order, as "
             "characters, keeping letters, spaces and common punctuation and dropping the noise",
             """SELECT string_agg(chr(value), '' ORDER BY id) FROM (
  SELECT id, value FROM letters_a UNION ALL SELECT id, value FROM letters_b) l
WHERE chr(value) ~ '[A-Za-z ,.!?]'"""),
    Question("5", "for each production date, the toys produced, the previous day's count, the change and the "
             "percentage change from the previous day; the day with the largest percentage increase first",
             """SELECT production_date, toys_produced, prev AS previous_day_production, toys_produced - prev AS change,
  round((toys_produced - prev) * 100.0 / prev, 2) AS pct
FROM (SELECT *, lag(toys_produced) OVER (ORDER BY production_date) AS prev FROM toy_production) t
WHERE prev IS NOT NULL ORDER BY pct DESC LIMIT 1"""),
    Question("7", "for each primary skill, the elf with the most and the elf with the least years of experience in it "
             "(ties broken by the lowest elf_id), one row per skill, by skill",
             """SELECT DISTINCT ON (primary_skill)
  first_value(elf_id) OVER (PARTITION BY primary_skill ORDER BY years_experience DESC, elf_id) AS elf_1_id,
  first_value(elf_id) OVER (PARTITION BY primary_skill ORDER BY years_experience, elf_id) AS elf_2_id,
  primary_skill AS shared_skill
FROM workshop_elves ORDER BY primary_skill""", ordered=True),
    Question("8", "the largest number of management levels above any member of staff, counting the employee "
             "(the depth of the deepest employee in the hierarchy)",
             _LEVELS + " SELECT max(level) FROM chain"),
    Question("9", "for each reindeer other than Rudolph, the highest of its average speeds per exercise; the top 3 by "
             "that speed",
             """SELECT r.reindeer_name, round(max(a), 2) AS top_speed FROM reindeers r JOIN (
  SELECT reindeer_id, exercise_name, avg(speed_record) AS a FROM training_sessions GROUP BY 1, 2) s
  ON s.reindeer_id = r.reindeer_id
WHERE r.reindeer_name <> 'Rudolph' GROUP BY r.reindeer_name ORDER BY top_speed DESC LIMIT 3""", ordered=True),
    Question("10", "the date on which the total quantities drunk were 198 Eggnog, 38 Hot Cocoa and 298 Peppermint "
             "Schnapps",
             """SELECT date FROM drinks GROUP BY date
HAVING sum(quantity) FILTER (WHERE drink_name = 'Eggnog') = 198
   AND sum(quantity) FILTER (WHERE drink_name = 'Hot Cocoa') = 38
   AND sum(quantity) FILTER (WHERE drink_name = 'Peppermint Schnapps') = 298"""),
    Question("11", "for each field, year and season, the moving average of trees harvested over that season and the "
             "two before it (seasons in Spring, Summer, Fall, Winter order), rounded to 2 places; highest first",
             f"""SELECT field_name, harvest_year, season, round(avg(trees_harvested) OVER (PARTITION BY field_name,
  harvest_year ORDER BY {_CASE_SEASON} ROWS BETWEEN 2 PRECEDING AND CURRENT ROW), 2) AS three_season_moving_avg
FROM treeharvests ORDER BY three_season_moving_avg DESC LIMIT 1"""),
    Question("12", "the gift with the second highest percentile (percent_rank of its number of requests, 2 places) "
             "and that percentile; by percentile descending, then gift name",
             """WITH p AS (SELECT g.gift_name, round(percent_rank() OVER (ORDER BY count(*))::numeric, 2) AS pr
  FROM gifts g JOIN gift_requests r ON r.gift_id = g.gift_id GROUP BY g.gift_name)
SELECT gift_name, pr FROM p WHERE pr = (SELECT max(pr) FROM p WHERE pr < (SELECT max(pr) FROM p))
ORDER BY gift_name LIMIT 1"""),
    Question("13", "the email domains of the contact list with how many addresses each has; the domain with the most "
             "first",
             """SELECT split_part(e, '@', 2) AS domain, count(*) AS n FROM contact_list, unnest(email_addresses) e
GROUP BY 1 ORDER BY n DESC LIMIT 1"""),
    Question("14", "the drop-off date of the dry-cleaning receipt for Santa's green suit",
             """SELECT DISTINCT r->>'drop_off' AS drop_off FROM santarecords, jsonb_array_elements(cleaning_receipts) r
WHERE r->>'garment' = 'suit' AND r->>'color' = 'green' ORDER BY 1 DESC LIMIT 1"""),
    Question("17", "the earliest UTC start of a 60-minute meeting that falls within every workshop's local business "
             "hours",
             """SELECT max((timestamp '2024-12-17' + business_start_time) AT TIME ZONE timezone AT TIME ZONE 'UTC')::time
FROM workshops"""),
    Question("18", "the employee on the hierarchy level with the most staff (peers counted as everyone on the same "
             "level, as the puzzle's accepted answer does), the lowest level first, then the lowest staff_id",
             _LEVELS + """, peers AS (SELECT staff_id, level, count(*) OVER (PARTITION BY level) AS n FROM chain)
SELECT staff_id FROM peers ORDER BY n DESC, level, staff_id LIMIT 1"""),
    Question("19", "the total salary bill if every employee whose last performance score is above the average last "
             "score gets a 15% bonus",
             """WITH s AS (SELECT salary, year_end_performance_scores[cardinality(year_end_performance_scores)] AS last
  FROM employees)
SELECT round(sum(CASE WHEN last > (SELECT avg(last) FROM s) THEN salary * 1.15 ELSE salary END), 2) FROM s"""),
    Question("20", "among the request urls with utm_source=advent-of-sql, the url with the most distinct query "
             "parameter names, ties by url",
             """SELECT url, count(DISTINCT split_part(p, '=', 1)) AS n
FROM web_requests, unnest(string_to_array(split_part(url, '?', 2), '&')) p
WHERE url LIKE '%utm_source=advent-of-sql%' GROUP BY url ORDER BY n DESC, url LIMIT 1"""),
    Question("21", "the year and quarter whose sales grew most relative to the previous quarter",
             """WITH q AS (SELECT extract(year FROM sale_date) AS y, extract(quarter FROM sale_date) AS q, sum(amount) AS s
  FROM sales GROUP BY 1, 2)
SELECT y, q FROM (SELECT y, q, s / lag(s) OVER (ORDER BY y, q) AS g FROM q) t
WHERE g IS NOT NULL ORDER BY g DESC LIMIT 1"""),
    Question("22", "the number of elves with SQL among their skills",
             "SELECT count(*) FROM elves WHERE 'SQL' = ANY(string_to_array(skills, ','))"),
    Question("23", "the groups of consecutive missing ids in sequence_table: each gap's first and last id",
             """SELECT id + 1 AS gap_start, next - 1 AS gap_end FROM (
  SELECT id, lead(id) OVER (ORDER BY id) AS next FROM sequence_table) t WHERE next > id + 1 ORDER BY 1"""),
    Question("24", "the song with the most plays, then the fewest skips (a play shorter than the song or with no "
             "duration)",
             """SELECT s.song_title FROM user_plays p JOIN songs s ON s.song_id = p.song_id GROUP BY s.song_title
ORDER BY count(*) DESC, count(*) FILTER (WHERE p.duration IS NULL OR p.duration < s.song_duration) LIMIT 1"""),
]

# The value(s) the player submits: an answer with these on its first row gives the puzzle's answer.
# (column of the reference's first row; None: every column)
KEY_COLUMNS = {"1": (0, 1, 2, 3), "5": (0,), "7": None, "8": None, "9": (0, 1), "10": None, "11": (3,),
               "12": None, "13": (0,), "14": None, "17": None, "18": None, "19": None, "20": (0,), "21": None,
               "22": None, "23": (0, 1), "24": None, "2": None}


def _tables(text: str) -> set[str]:
    return {t.lower() for t in re.findall(r"(?i)create table (?:if not exists )?\"?(\w+)", text)}


def _dump_path(snap: Snapshot, day: int) -> str:
    return next(p for p in sorted(snap.files(), reverse=True)
                if p.startswith(f"year2024/day{day:02d}/advent_of_sql_day_") and p.endswith(".sql"))


def build_db(ctx: BuildContext) -> str:
    snap = ctx.snapshot(DUMPS)
    scripts = []
    for day in DAYS:
        if day == 18:
            continue  # day 8's staff table again
        text = snap.read(_dump_path(snap, day))
        scripts.append(re.sub(r"(?im)^DROP TABLE (IF EXISTS )?", "DROP TABLE IF EXISTS ", text))
    return pg.rebuild("rw_aosql2024", scripts)


_SKIP = re.compile(r"(?i)(advent_of_sql_day|dataset|input|test|sample|create|schema|dbinfo|populate|dataload|"
                   r"full data|database structure|/challenge\.sql$|helpers|template|insert|setup|load)")
_DAY_TABLES: dict[int, set[str]] = {}


def day_of(path: str) -> int | None:
    """The puzzle day a solution file's path names (its last number 1..24), None for other years' files."""
    if re.search(r"20(1\d|2[0-35-9])", path):
        return None
    nums = [int(n) for n in re.findall(r"(?<!\d)(\d{1,2})(?!\d)", path.replace("2024", ""))]
    nums = [n for n in nums if 1 <= n <= 24]
    return nums[-1] if nums else None


def extract(snap: Snapshot, source: Source) -> Iterable[Answer]:
    if not _DAY_TABLES:
        dumps = Snapshot(snap.git.parent.parent, DUMPS.name, DUMPS.commit)
        for day in DAYS:
            _DAY_TABLES[day] = _tables(dumps.read(_dump_path(dumps, day)))
    for path in snap.files():
        if not path.lower().endswith(".sql") or _SKIP.search(path):
            continue
        day = day_of(path)
        if day not in _DAY_TABLES:
            continue
        text = snap.read(path)
        if not any(re.search(rf"(?i)\b{t}\b", text) for t in _DAY_TABLES[day]):
            continue  # another puzzle series (Advent of Code in SQL) under the same numbering
        for sql in pg.statements(text):
            yield Answer(snap.repo, str(day), sql, path)


def _fold(v):
    v = J._fold(v)
    if isinstance(v, float):
        return round(v, 2)
    if isinstance(v, str):
        v = v.strip()
        return v[:8] if re.fullmatch(r"\d\d:\d\d:\d\d([+-]00(:00)?)?", v) else v
    return v


def answer_judge(q: Question, ref: J.Result, got: J.Result) -> tuple[str, str, str]:
    label, reason, category = J.judge(ref, got, q.ordered)
    if label != "unjudged" or got.error or not got.rows or not ref.rows:
        return label, reason, category
    cols = KEY_COLUMNS.get(q.key)
    if q.key == "23":  # every gap must be there, one row each
        gaps = {tuple(_fold(v) for v in r[:2]) for r in ref.rows}
        if len(got.rows) == len(gaps) and all(any(set(g) <= set(_fold(v) for v in r) for r in got.rows)
                                              for g in gaps):
            return "ok", "judge: every gap's first and last id, one row each", ""
        return label, reason, category
    # a puzzle whose answer is several rows (the first 5 children, one pair per skill, the top 3 reindeer):
    # each of the reference's rows must stand, in order, on the answer's first rows
    rows = list(zip(ref.rows, got.rows)) if len(ref.rows) > 1 else [(ref.rows[0], got.rows[0])]
    if len(got.rows) < len(ref.rows):
        return label, reason, category
    for want_row, got_row in rows:
        pool = [_fold(v) for v in got_row]
        for w in (_fold(v) for i, v in enumerate(want_row) if cols is None or i in cols):
            if w not in pool:
                return label, reason, category
            pool.remove(w)
    return "ok", "judge: the submitted value(s) on the first row(s), as the puzzle reads them", ""


class _AliasFix(Fix):
    def apply(self, sql: str) -> str:
        return pg.alias_subqueries(sql)


# written for PostgreSQL 16+ (the puzzles' server), where a subquery in FROM needs no alias; the server here is 15
FIXES = [_AliasFix("", "", "an alias added to each subquery in FROM that has none (PostgreSQL 16+), by pglast")]

REPOS = [Repo(n, c) for n, c in [
    ("Aigul9/AdventOfSQL", "a31bef09cb6dc9549d1ff157b119ddbe8449df48"),
    ("AkosKappel/Advent-of-SQL", "2ef032e240ccba7c388866be9ca7ae9dd4885c11"),
    ("AnthonyShipman/advent-of-sql-2024", "c68ef293dab5bc80ac839cc954efb8d8956d80b9"),
    ("ElaWajdzik/Advent-of-SQL-2024", "d92722067411ebcfdf23dd44d8c1d0fe72671abd"),
    ("KingCatZero/AdventOfSQL2024", "46a01fa61d8eb58119d5bb9618788de500055132"),
    ("LCarpenter87/AdventofSQL", "9255c87ac844614cc99c7ce425fc5931b60511f4"),
    ("LorenzNacilla/Advent-of-SQL", "ab85b08d2fe1a8ad5e222ae3e4e2413c33fbf3db"),
    ("MoreGreenForests/AdventofSQL", "b811bd77852094ae4eed2ec56d9c2523b8ad64a9"),
    ("PetitCoinCoin/advent-of-sql", "ff1e96a98e6d2244feb115af31624d3135d8fe0b"),
    ("ReeceGoding/Advent-of-SQL-2024-Postgres", "0d0c44a1f4d52605d4724688b7ecc642dbbc0c84"),
    ("Rekkonnect/AdventOfSql", "7d0f8d189fef383215454aa556311fb00ea9c105"),
    ("Songonge/Advent-of-SQL-2024", "b9e6d2fc7d153b519cb30cec19079d406f4f5e18"),
    ("acpoppe/AdventOfSQL2024", "eb2a06cf412b3424400da8131a6a847db9ca17cd"),
    ("angela-romera/adventofsql_2024", "cb9e9f6011c2df2e56631041335a6e60fab7a8e2"),
    ("austin-owensby/AdventOfSQL", "1415a93069ab4a24eaddd432f219406f4092ab10"),
    ("cjgulledge/Advent-of-SQL-2024", "5385e60d0a2604159afa7abb7fa4b68992d01ebb"),
    ("danielroelfs/advent-of-sql", "8e817d33eb698d57dea6c5d8371e6cc1436e6159"),
    ("dannywinrow/adventofsql", "59ee2b4b8e251d858d60f2f13832d7fd745da015"),
    ("david-kindl/advent-of-sql", "ab473fde981d9386824130ea394b55409a8211fc"),
    ("debruijn/adventofsql", "6d77c68dc47fde6b727512007928981a040054f4"),
    ("donank/advent-of-sql", "84f404e2d1d1655e06c86fec6cb0e87a19acb754"),
    ("edxhayter/Advent-of-SQL-2024", "a949e43f1035ba929339add0b4ddb70844a0f6d1"),
    ("esychoi/AdventOfSql", "d5ae249f7c24430c5f964cba7cedb1ad12dab47a"),
    ("fencedmug/adventofsql", "6faeaa00dc33f875017071e51fcae1e42c3f9726"),
    ("friek/adventofsql2024", "c93819c29186897f5e237de786b290e438602edd"),
    ("fuwilliam/adventofsql", "f94ec46682c50e1c4bd434c76cbcf726f9ac2144"),
    ("giacomocavalieri/advent-of-sql", "5ce28b596ea61dfd41c3b5ba9c32f3f71a92f5e5"),
    ("jpowell96/advent-of-sql-2024", "9f80dc68194189e71bf2040f576a451690e7c0ac"),
    ("kacarmichael/AdventOfSQL2024", "1e34a6566c65f79a18dfdd8d43a4c95878964e2d"),
    ("kayikc/advent-of-sql-2024-christmas", "954333bd6ce93b136117860e8a58f3dd4a7fcefc"),
    ("ly-daniel/Advent-of-SQL", "bc4d8047b3f6eeeafbad630aac4cea704bbff1e5"),
    ("memjoh/advent-of-sql", "2cf2ce5edb07b7d831adc3eaaef45c2a980dd893"),
    ("nclaeys/adventofsql_2024", "cd419f7a735bc4b0f1d77e36c792bc4e36fe8dfb"),
    ("nivesayee/AdventOfSQL2024", "f454158ed2b83e9645580c34bfb932fdaaed4d64"),
    ("rkjk/adventofsql2024", "b4238aa8f1b628e071203d3473f27643f1902019"),
    ("rpresb/adventofsql", "3b101c135df427118797cb8e9205f7737cc0e44c"),
    ("russ960/AdventOfSQL2024", "39da84a8f67e74718d4fa389e6d7005cf1c8a3a2"),
    ("sharkspear94/AdventOfSql2024", "14a84dd34e866417346f9ecd861286b4c75ec9a2"),
    ("siddharthps/Advent-of-SQL", "9dbf77f1da5d62c001f8413d057866105abfbeab"),
    ("smpotts/advent-of-sql-2024", "b8427f71a6c6b095bf40d7c16824036bf673df84"),
    ("stackcats/adventofsql", "b4250bc966d402200bd20f8df99080bb26f6fdfd"),
    ("thatlaconic/Advent-of-SQL", "66b6f045404cdedda165533cfd10855d1e504f91"),
    ("vuryss/advent-of-sql", "0be86abdce0b569b1536deb948168054c503346f"),
]]

SOURCE = Source(
    key="aosql2024",
    title="Advent of SQL 2024 (PostgreSQL): players' solution repositories",
    url="https://adventofsql.com/",
    licence=("puzzles and data dumps: adventofsql.com (no licence stated; dumps as republished in Aigul9/AdventOfSQL); "
             "answers: each player's public repository; used by reference only, never copied into the project"),
    engine="postgres",
    repos=REPOS,
    questions=Q,
    build_db=build_db,
    extract=extract,
    judge=answer_judge,
    fixes=FIXES,
    keep_failing=False,
    note="one database rw_aosql2024 with every kept day's tables; answer-key judge (see the module)",
)
