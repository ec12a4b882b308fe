/*
 * SQLite query-language lexer for sqlintent.
 *
 * Written for sqlintent from the SQLite documentation (https://sqlite.org/lang_select.html,
 * lang_expr.html, lang_keywords.html, windowfunctions.html). Only the keywords that the query grammar
 * uses are tokens; every other word is an IDENTIFIER, which keeps SQLite's many non-reserved keywords
 * usable as names without listing them.
 *
 * Deviation from SQLite, after Chen et al. (2023, appendix D): "GROUP BY" and "ORDER BY" are single
 * tokens (whitespace and comments allowed between the two words), so each is one leaf of the SQL graph.
 */
lexer grammar SQLiteLexer;

options {
    caseInsensitive = true;
}

// ---- punctuation and operators -------------------------------------------------------------
SCOL      : ';';
DOT       : '.';
OPEN_PAR  : '(';
CLOSE_PAR : ')';
COMMA     : ',';
ASSIGN    : '=';
STAR      : '*';
PLUS      : '+';
MINUS     : '-';
TILDE     : '~';
PIPE2     : '||';
JPTR2     : '->>';
JPTR      : '->';
DIV       : '/';
MOD       : '%';
LT2       : '<<';
GT2       : '>>';
AMP       : '&';
PIPE      : '|';
LT        : '<';
LT_EQ     : '<=';
GT        : '>';
GT_EQ     : '>=';
EQ        : '==';
NOT_EQ1   : '!=';
NOT_EQ2   : '<>';

// ---- two-word keywords (single terminals, see header) ---------------------------------------
GROUP_BY_ : 'GROUP' GAP 'BY';
ORDER_BY_ : 'ORDER' GAP 'BY';
// "group bylanguage" is not GROUP BY followed by "language": as the longer match, this token (which no
// parser rule uses) turns it into a syntax error, as in SQLite.
GLUED_BY_ : ('GROUP' | 'ORDER') GAP 'BY' [A-Z_0-9$\u0080-\uFFFF]+;

// ---- keywords used by the query grammar -----------------------------------------------------
ALL_               : 'ALL';
AND_               : 'AND';
AS_                : 'AS';
ASC_               : 'ASC';
BETWEEN_           : 'BETWEEN';
BY_                : 'BY';
CASE_              : 'CASE';
CAST_              : 'CAST';
COLLATE_           : 'COLLATE';
CROSS_             : 'CROSS';
CURRENT_           : 'CURRENT';
CURRENT_DATE_      : 'CURRENT_DATE';
CURRENT_TIME_      : 'CURRENT_TIME';
CURRENT_TIMESTAMP_ : 'CURRENT_TIMESTAMP';
DESC_              : 'DESC';
DISTINCT_          : 'DISTINCT';
ELSE_              : 'ELSE';
END_               : 'END';
ESCAPE_            : 'ESCAPE';
EXCEPT_            : 'EXCEPT';
EXCLUDE_           : 'EXCLUDE';
EXISTS_            : 'EXISTS';
FILTER_            : 'FILTER';
FIRST_             : 'FIRST';
FOLLOWING_         : 'FOLLOWING';
FROM_              : 'FROM';
FULL_              : 'FULL';
GLOB_              : 'GLOB';
GROUP_             : 'GROUP';
GROUPS_            : 'GROUPS';
HAVING_            : 'HAVING';
IN_                : 'IN';
INDEXED_           : 'INDEXED';
INNER_             : 'INNER';
INTERSECT_         : 'INTERSECT';
IS_                : 'IS';
ISNULL_            : 'ISNULL';
JOIN_              : 'JOIN';
LAST_              : 'LAST';
LEFT_              : 'LEFT';
LIKE_              : 'LIKE';
LIMIT_             : 'LIMIT';
MATCH_             : 'MATCH';
MATERIALIZED_      : 'MATERIALIZED';
NATURAL_           : 'NATURAL';
NO_                : 'NO';
NOT_               : 'NOT';
NOTNULL_           : 'NOTNULL';
NULL_              : 'NULL';
NULLS_             : 'NULLS';
OFFSET_            : 'OFFSET';
ON_                : 'ON';
OR_                : 'OR';
OTHERS_            : 'OTHERS';
OUTER_             : 'OUTER';
OVER_              : 'OVER';
PARTITION_         : 'PARTITION';
PRECEDING_         : 'PRECEDING';
RANGE_             : 'RANGE';
RECURSIVE_         : 'RECURSIVE';
REGEXP_            : 'REGEXP';
RIGHT_             : 'RIGHT';
ROW_               : 'ROW';
ROWS_              : 'ROWS';
SELECT_            : 'SELECT';
THEN_              : 'THEN';
TIES_              : 'TIES';
UNBOUNDED_         : 'UNBOUNDED';
UNION_             : 'UNION';
USING_             : 'USING';
VALUES_            : 'VALUES';
WHEN_              : 'WHEN';
WHERE_             : 'WHERE';
WINDOW_            : 'WINDOW';
WITH_              : 'WITH';

// SQLite's reserved words that the query grammar does not otherwise use: a token of their own, used by
// no parser rule, so that they are rejected as names (SQLite rejects them unquoted).
RESERVED_
    : 'ADD' | 'ALTER' | 'AUTOINCREMENT' | 'CHECK' | 'COMMIT' | 'CONSTRAINT' | 'CREATE' | 'DEFAULT'
    | 'DEFERRABLE' | 'DELETE' | 'DROP' | 'FOREIGN' | 'INDEX' | 'INSERT' | 'INTO' | 'NOTHING' | 'ORDER'
    | 'PRIMARY' | 'REFERENCES' | 'RETURNING' | 'SET' | 'TABLE' | 'TO' | 'TRANSACTION' | 'UNIQUE' | 'UPDATE'
    ;

// ---- names and literals ---------------------------------------------------------------------
// Every quoting style SQLite accepts: "x" (with "" escapes), `x` (with `` escapes), [x], bare words.
// SQLite treats a double-quoted word that names nothing as a string; to the grammar it is a name.
IDENTIFIER
    : '"' (~'"' | '""')* '"'
    | '`' (~'`' | '``')* '`'
    | '[' ~']'* ']'
    | [A-Z_\u0080-\uFFFF] [A-Z_0-9$\u0080-\uFFFF]*
    ;

NUMERIC_LITERAL
    : DIGIT+ ('.' DIGIT*)? EXPONENT?
    | '.' DIGIT+ EXPONENT?
    | '0X' HEX_DIGIT+
    ;

BIND_PARAMETER
    : '?' DIGIT*
    | [:@$] [A-Z_0-9]+
    ;

STRING_LITERAL : '\'' (~'\'' | '\'\'')* '\'';

BLOB_LITERAL : 'X' '\'' HEX_DIGIT* '\'';

// ---- skipped ----------------------------------------------------------------------------------
SINGLE_LINE_COMMENT : '--' ~[\r\n]* -> skip;
MULTILINE_COMMENT   : '/*' .*? ('*/' | EOF) -> skip;
SPACES              : [ \u000B\t\r\n\f]+ -> skip;

// Anything else reaches the parser as one token, so the error names a position instead of the lexer
// silently dropping a character.
UNEXPECTED_CHAR : .;

fragment GAP       : ([ \u000B\t\r\n\f] | '/*' .*? '*/' | '--' ~[\r\n]* [\r\n])+;
fragment DIGIT     : [0-9];
fragment HEX_DIGIT : [0-9A-F];
fragment EXPONENT  : 'E' [-+]? DIGIT+;
