"""Splitting files into statements: exact spans, intents, noqa, and what the scanner must not be fooled by."""
from sqlintent.document import parse_document


def texts(doc):
    return [s.text for s in doc.statements]


def test_spans_are_exact_and_exclude_the_semicolon():
    text = "SELECT 1;\n\n  SELECT 2 ;SELECT 3"
    doc = parse_document(text)
    assert texts(doc) == ["SELECT 1", "SELECT 2", "SELECT 3"]
    for s in doc.statements:
        assert text[s.start:s.end] == s.text


def test_semicolons_inside_strings_comments_identifiers_and_dollar_quotes_do_not_split():
    text = ("SELECT 'a;b', \"c;d\", `e;f`, [g;h] FROM t -- x;y\n"
            "/* p;q */ WHERE x = 'it''s; fine';\n"
            "SELECT $$ ; $$, $tag$ ; $tag$;")
    doc = parse_document(text)
    assert len(doc.statements) == 2
    assert doc.statements[0].text.endswith("'it''s; fine'")
    assert doc.statements[1].text == "SELECT $$ ; $$, $tag$ ; $tag$"


def test_dollar_positional_parameters_are_not_quotes():
    doc = parse_document("SELECT * FROM t WHERE a = $1; SELECT 2")
    assert texts(doc) == ["SELECT * FROM t WHERE a = $1", "SELECT 2"]


def test_line_intent_with_continuation_lines():
    text = "-- intent: how many heads of departments\n--   are older than 56?\nSELECT count(*) FROM head"
    s = parse_document(text).statements[0]
    assert s.intent == "how many heads of departments are older than 56?"
    assert text[s.intent_span.start:s.intent_span.end].startswith("how many")


def test_block_intent_over_several_lines():
    text = "/* intent: list the names\n * of all singers */\nSELECT name FROM singer"
    assert parse_document(text).statements[0].intent == "list the names of all singers"


def test_intent_belongs_to_the_next_statement_only():
    doc = parse_document("-- intent: first\nSELECT 1;\nSELECT 2;")
    assert [s.intent for s in doc.statements] == ["first", None]


def test_plain_comment_block_is_an_intent_only_when_enabled():
    text = "-- the oldest singer\nSELECT name FROM singer ORDER BY age DESC LIMIT 1"
    assert parse_document(text).statements[0].intent is None
    assert parse_document(text, comment_block_intent=True).statements[0].intent == "the oldest singer"


def test_noqa_forms():
    doc = parse_document("SELECT 1 -- noqa\n;SELECT 2; -- noqa: SIS003, sij001\nSELECT 3")
    a, b, c = doc.statements
    assert a.noqa[0].codes is None
    assert b.noqa[0].codes == ("SIS003", "sij001")  # as written; a trailing comment on the same line belongs to it
    assert c.noqa == []


def test_unterminated_string_and_comment_are_recorded_where_they_open():
    text = "SELECT 1;\nSELECT 'oops FROM t;\nSELECT 3"
    doc = parse_document(text)
    assert doc.statements[1].unterminated == ("string", text.index("'oops"))
    doc = parse_document("SELECT 1 /* never closed")
    assert doc.statements[0].unterminated[0] == "comment"


def test_empty_and_comment_only_files_have_no_statements():
    assert parse_document("").statements == []
    assert parse_document("-- intent: nothing follows\n/* x */\n;;\n").statements == []
