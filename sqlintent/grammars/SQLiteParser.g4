/*
 * SQLite query-language parser for sqlintent: one SELECT statement (with CTEs, compound selects,
 * subqueries, window functions), as documented at https://sqlite.org/lang_select.html and
 * https://sqlite.org/lang_expr.html. Written for sqlintent; not derived from another grammar's text.
 *
 * Shape choices (they decide what the SQL graph looks like, see docs/graphs.md):
 *  - After Chen et al. (2023, appendix D), select_core is split into one rule per clause
 *    (result_clause, from_clause, where_clause, group_by_clause), and GROUP BY / ORDER BY are single
 *    terminals, so that each clause is one subtree.
 *  - Expressions are one left-recursive `expr` rule whose alternatives are ordered by SQLite's operator
 *    precedence (highest first), with operators inlined as tokens, so that a binary operation is one
 *    node with three children and trees stay shallow.
 *  - Names are `identifier`; the words SQLite lets you use as names although they are keywords
 *    ("fallback" keywords such as FIRST, ROW, RANGE, DESC) are listed in `identifier`.
 *  - The lower bound of BETWEEN cannot contain a bare AND/OR (a semantic predicate, Python target), so
 *    "x BETWEEN 1 AND 5 AND y = 2" is (x BETWEEN 1 AND 5) AND (y = 2), as in SQLite.
 *  - Qualified names (schema . table, table . column, table . *) are kept in small rules so the graph
 *    builder can merge them into one leaf.
 */
parser grammar SQLiteParser;

options {
    tokenVocab = SQLiteLexer;
}

@parser::members {
def conjunction_allowed(self):
    """False while parsing the lower bound of BETWEEN (x BETWEEN lo AND hi): there the next AND is
    BETWEEN's own, as in SQLite, where AND and OR bind more loosely than BETWEEN."""
    parent = self._ctx.parentCtx
    if parent is None or not isinstance(parent, SQLiteParser.ExprContext) or not parent.children:
        return True
    last = parent.children[-1]
    return getattr(getattr(last, "symbol", None), "type", None) != SQLiteParser.BETWEEN_
}

parse
    : select_stmt SCOL* EOF
    ;

// ---- statements -------------------------------------------------------------------------------
select_stmt
    : with_clause? select_core (compound_operator select_core)* order_by_clause? limit_clause?
    ;

with_clause
    : WITH_ RECURSIVE_? common_table_expression (COMMA common_table_expression)*
    ;

common_table_expression
    : table_name (OPEN_PAR identifier (COMMA identifier)* CLOSE_PAR)? AS_ (NOT_? MATERIALIZED_)?
      OPEN_PAR select_stmt CLOSE_PAR
    ;

compound_operator
    : UNION_ ALL_?
    | INTERSECT_
    | EXCEPT_
    ;

select_core
    : SELECT_ (DISTINCT_ | ALL_)? result_clause from_clause? where_clause? group_by_clause? window_clause?
    | values_clause
    ;

values_clause
    : VALUES_ row_value (COMMA row_value)*
    ;

row_value
    : OPEN_PAR expr (COMMA expr)* CLOSE_PAR
    ;

// ---- clauses ----------------------------------------------------------------------------------
result_clause
    : result_column (COMMA result_column)*
    ;

result_column
    : STAR
    | table_name DOT STAR
    | expr (AS_ (alias | join_keyword) | alias)?
    ;

from_clause
    : FROM_ join_clause
    ;

join_clause
    : table_or_subquery (join_operator table_or_subquery join_constraint?)*
    ;

join_operator
    : COMMA
    | NATURAL_? (LEFT_ | RIGHT_ | FULL_) OUTER_? JOIN_
    | NATURAL_? INNER_? JOIN_
    | CROSS_ JOIN_
    ;

join_constraint
    : ON_ expr
    | USING_ OPEN_PAR identifier (COMMA identifier)* CLOSE_PAR
    ;

table_or_subquery
    : qualified_table_name (AS_ (alias | join_keyword) | alias)? (INDEXED_ BY_ identifier | NOT_ INDEXED_)?
    | qualified_table_name OPEN_PAR expr (COMMA expr)* CLOSE_PAR (AS_ (alias | join_keyword) | alias)?
    | OPEN_PAR select_stmt CLOSE_PAR (AS_ (alias | join_keyword) | alias)?
    | OPEN_PAR join_clause CLOSE_PAR
    ;

qualified_table_name
    : (identifier DOT)? table_name
    ;

where_clause
    : WHERE_ expr
    ;

group_by_clause
    : GROUP_BY_ expr (COMMA expr)* (HAVING_ expr)?
    | HAVING_ expr
    ;

window_clause
    : WINDOW_ named_window (COMMA named_window)*
    ;

named_window
    : identifier AS_ OPEN_PAR window_defn CLOSE_PAR
    ;

order_by_clause
    : ORDER_BY_ ordering_term (COMMA ordering_term)*
    ;

ordering_term
    : expr (ASC_ | DESC_)? (NULLS_ (FIRST_ | LAST_))?
    ;

limit_clause
    : LIMIT_ expr ((OFFSET_ | COMMA) expr)?
    ;

// ---- expressions, highest precedence first ----------------------------------------------------
expr
    : literal
    | BIND_PARAMETER
    | column_ref
    | (MINUS | PLUS | TILDE) expr
    | expr COLLATE_ identifier
    | expr (PIPE2 | JPTR | JPTR2) expr
    | expr (STAR | DIV | MOD) expr
    | expr (PLUS | MINUS) expr
    | expr (AMP | PIPE | LT2 | GT2) expr
    | expr (LT | LT_EQ | GT | GT_EQ) expr
    | expr (ASSIGN | EQ | NOT_EQ1 | NOT_EQ2) expr
    | expr IS_ NOT_? (DISTINCT_ FROM_)? expr
    | expr NOT_? (LIKE_ | GLOB_ | REGEXP_ | MATCH_) expr (ESCAPE_ expr)?
    | expr NOT_? BETWEEN_ expr AND_ expr
    | expr NOT_? IN_ (OPEN_PAR (select_stmt | expr (COMMA expr)*)? CLOSE_PAR | qualified_table_name)
    | expr (ISNULL_ | NOTNULL_ | NOT_ NULL_)
    | <assoc = right> NOT_ expr
    | expr {self.conjunction_allowed()}? AND_ expr
    | expr {self.conjunction_allowed()}? OR_ expr
    | function_call
    | OPEN_PAR expr (COMMA expr)* CLOSE_PAR
    | OPEN_PAR select_stmt CLOSE_PAR
    | EXISTS_ OPEN_PAR select_stmt CLOSE_PAR
    | CAST_ OPEN_PAR expr AS_ type_name CLOSE_PAR
    | CASE_ expr? (WHEN_ expr THEN_ expr)+ (ELSE_ expr)? END_
    ;

column_ref
    : (identifier DOT (identifier DOT)?)? (identifier | join_keyword)
    ;

// SQLite accepts the join keywords as bare column names (not as aliases without AS).
join_keyword
    : CROSS_
    | FULL_
    | INNER_
    | LEFT_
    | NATURAL_
    | OUTER_
    | RIGHT_
    ;

literal
    : NUMERIC_LITERAL
    | STRING_LITERAL
    | BLOB_LITERAL
    | NULL_
    | CURRENT_TIME_
    | CURRENT_DATE_
    | CURRENT_TIMESTAMP_
    ;

function_call
    : function_name OPEN_PAR (STAR | DISTINCT_? expr (COMMA expr)* order_by_clause?)? CLOSE_PAR
      filter_clause? over_clause?
    ;

function_name
    : identifier
    | LEFT_
    | RIGHT_
    ;

filter_clause
    : FILTER_ OPEN_PAR WHERE_ expr CLOSE_PAR
    ;

over_clause
    : OVER_ (identifier | OPEN_PAR window_defn CLOSE_PAR)
    ;

window_defn
    : identifier? (PARTITION_ BY_ expr (COMMA expr)*)? order_by_clause? frame_spec?
    ;

frame_spec
    : (RANGE_ | ROWS_ | GROUPS_) (BETWEEN_ frame_bound AND_ frame_bound | frame_bound)
      (EXCLUDE_ (NO_ OTHERS_ | CURRENT_ ROW_ | GROUP_ | TIES_))?
    ;

frame_bound
    : UNBOUNDED_ (PRECEDING_ | FOLLOWING_)
    | CURRENT_ ROW_
    | expr (PRECEDING_ | FOLLOWING_)
    ;

type_name
    : identifier+ (OPEN_PAR signed_number (COMMA signed_number)? CLOSE_PAR)?
    ;

signed_number
    : (PLUS | MINUS)? NUMERIC_LITERAL
    ;

// ---- names ------------------------------------------------------------------------------------
table_name
    : identifier
    ;

alias
    : identifier
    | STRING_LITERAL
    ;

// A name: any IDENTIFIER (bare or quoted), or a keyword that SQLite lets you use as a name.
identifier
    : IDENTIFIER
    | ASC_
    | BY_
    | CAST_
    | CURRENT_
    | DESC_
    | END_
    | EXCLUDE_
    | FILTER_
    | FIRST_
    | FOLLOWING_
    | GLOB_
    | GROUPS_
    | LAST_
    | LIKE_
    | MATCH_
    | MATERIALIZED_
    | NO_
    | NULLS_
    | OFFSET_
    | OTHERS_
    | OVER_
    | PARTITION_
    | PRECEDING_
    | RANGE_
    | RECURSIVE_
    | REGEXP_
    | ROW_
    | ROWS_
    | TIES_
    | UNBOUNDED_
    | WINDOW_
    | WITH_
    ;
