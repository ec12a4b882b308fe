"""CS50's Introduction to Databases with SQL, problem set 4 "Bed and Breakfast" (Boston listings, their
availabilities and reviews), run on PostgreSQL: students' views, the SELECT of each ``CREATE VIEW`` being the
answer.

The students wrote for SQLite; their view bodies run unchanged on the same data loaded into PostgreSQL (dates
and the 'TRUE'/'FALSE' availability kept as text, as SQLite holds them). A body PostgreSQL refuses (SQLite's
date functions, a double-quoted string, a bare column outside GROUP BY) is left out and logged. The data is the
small database of CS50's checker (5 listings; the students' own was larger), so some mistakes cannot show.
"""
from __future__ import annotations

import sqlite3

from realworld import pg
from realworld.source import BuildContext, Question, Repo, Source
from realworld.sources._cs50 import LICENCE
from realworld.sources._views import view_files

PROBLEMS = Repo("cs50/problems", "4e7aa4ace7564f286cb8bacfa3ae1d8f05e63bfe")  # branch 2024/sql
_LIST = '"listings"."id", "property_type", "host_name"'
Q = [
    Question("no_descriptions", "a view of every listing with all its columns but the description",
             'SELECT "id", "property_type", "host_name", "accommodates", "bedrooms" FROM "listings"'),
    Question("one_bedrooms", "a view of the id, property type, host name and accommodates of the listings with "
             "exactly one bedroom",
             'SELECT "id", "property_type", "host_name", "accommodates" FROM "listings" WHERE "bedrooms" = 1'),
    Question("available", "a view of every date a listing is available: the listing's id, property type, host "
             "name and the date",
             f'SELECT {_LIST}, "date" FROM "listings" JOIN "availabilities" '
             'ON "availabilities"."listing_id" = "listings"."id" WHERE "available" = \'TRUE\''),
    Question("frequently_reviewed", "a view of the 100 most reviewed listings with their id, property type, host "
             "name and number of reviews, most reviewed first, ties by property type then host name",
             f'SELECT {_LIST}, COUNT("reviews"."id") AS "reviews" FROM "listings" JOIN "reviews" '
             'ON "reviews"."listing_id" = "listings"."id" GROUP BY "listings"."id" '
             'ORDER BY "reviews" DESC, "property_type", "host_name" LIMIT 100', ordered=True),
    Question("june_vacancies", "a view of the listings with the number of days in June 2023 they were available "
             "(vacant): id, property type, host name and days_vacant",
             f'SELECT {_LIST}, COUNT("availabilities"."id") AS "days_vacant" FROM "listings" JOIN "availabilities" '
             'ON "availabilities"."listing_id" = "listings"."id" WHERE "available" = \'TRUE\' '
             'AND "date" BETWEEN \'2023-06-01\' AND \'2023-06-30\' GROUP BY "listings"."id"'),
]

_SCHEMA = """
CREATE TABLE "listings" ("id" BIGINT PRIMARY KEY, "property_type" TEXT, "host_name" TEXT, "accommodates" INTEGER,
  "bedrooms" INTEGER, "description" TEXT);
CREATE TABLE "availabilities" ("id" INTEGER PRIMARY KEY, "listing_id" BIGINT REFERENCES "listings"("id"),
  "date" TEXT, "available" TEXT, "price" NUMERIC);
CREATE TABLE "reviews" ("id" BIGINT PRIMARY KEY, "listing_id" BIGINT REFERENCES "listings"("id"), "date" TEXT,
  "reviewer_name" TEXT, "comments" TEXT);
"""


def build_db(ctx: BuildContext) -> str:
    """bnb.db from CS50's checker (cs50/problems, branch 2024/sql) loaded into the database rw_cs50sql_bnb."""
    src = ctx.out / "bnb.sqlite"
    src.write_bytes(ctx.snapshot(PROBLEMS).read_bytes("bnb/bnb.db"))
    lite = sqlite3.connect(f"file:{src}?mode=ro", uri=True)
    rows = {t: [tuple(None if v == "" and t == "listings" and i == 4 else v for i, v in enumerate(r))
                for r in lite.execute(f'SELECT * FROM "{t}"')]
            for t in ("listings", "availabilities", "reviews")}
    lite.close()
    return pg.rebuild("rw_cs50sql_bnb", [_SCHEMA], rows=rows)


REPOS = [Repo(n, c) for n, c in [
    ("27medMo7sen/Harvard-CS50-SQL-Course", "c8265716b9413f8d656560cc4567db04bd48a2d0"),
    ("AnastasiaT18/CS50-s-Introduction-to-Databases-with-SQL", "77c4d1f02b39ba1e8a0bb2f91c5c5067badb1014"),
    ("AudriusJuknevicius/CS50-SQL-Problem-Sets", "0f9948a44f7940152df1c9e316e57b9c1803900c"),
    ("Avipatel1/cs50-SQL", "1043543daafd29db686766eb93e09690376d06be"),
    ("Dhruv29Hyperion/SQL-CS50-", "f76389761acde9ef02ad893d139e1774d79088f6"),
    ("Harshr24/CS50_SQL_Project", "9a9a15734d68f739e49a4b77f01eaf7d05c06498"),
    ("LESdylan/DBMS", "301292f84aca81bf7f44714ba303190e1519887a"),
    ("NHTA24/CS50sql_project", "20babd68f261eae31416e56afd7aa4bce0e09bb6"),
    ("NMukrami/CS50sql", "9b4f8e7cd552feb6f279362613038096430feb13"),
    ("Nicoledon/cs50-sql", "10de57d928fcff3173353ffa176326bdcba4ca11"),
    ("Pinsoft2/Self-learning", "0463d9501262ad1e16272ef5f60f922cfdcac71a"),
    ("QI-Zzz/CS50-Introduction-to-Databases-with-SQL", "d3ef17a407132ac09c72162a0100933a78fd00df"),
    ("RVSts/CS50_Solutions", "b88f3207b1930c97689daed854ea8bfd92fc1326"),
    ("UcheWisdom/cs50_sql", "f68c416babc554028deade1c63f2ff1a4c81859c"),
    ("aaryamahajan919/Introduction-to-databases-with-SQL-edX", "c054dfec903e6e66eb492fac6bbacfaf236f70b6"),
    ("ahmed-mohamed-77/CS50-SQL", "ea2f7edca3172b570d8ae02dd5bf477f8c7322cb"),
    ("aka1Neto/CS50SQL", "cfe066c93b3f4ca168547f04e4793763fe01b789"),
    ("arpharutyunyan/CS50SQL", "3b63ecc80c76854697b26744bcd997f11b7b4a60"),
    ("asia-guzi/SQL", "5476d4768a051868efdbdb5ef5c69380bd3e59ba"),
    ("aymane5554/cs50sql", "9ee59c33c87730f8f794f67629135bf6781a5bd8"),
    ("borjaVilallonga/CS50-SQL", "65aa6c95d9451733b1024130d25a7af08332940b"),
    ("dgoyzueta/cs50coding", "b053bd5fd1e65ab91e73a82e2af1113030ccbbb5"),
    ("e-jurvanen/SQL-coursework", "b08bd080351281668226cb47f073af5371c9f7f9"),
    ("hardope/cs50-sql", "0edbf6f5c0026cf296768bcc1b29b64fc65da474"),
    ("krishna-sharmaa/CS50-s-Introduction-to-Databases-with-SQL", "7cbec35f8347d329667a7772315a1c44eff4453a"),
    ("lisleitora/CS50", "9dcd668143c2d7c8aac41fc09dd8480578a7647b"),
    ("mouda4d/CS50", "828e04f7aada28e481b6bed44b77652eef877e53"),
    ("nikoskiritsis/CS50-Introduction-To-Databases-with-SQL-Assignments", "109298c8fb7f4d2418787ae8d75231f937062ef0"),
    ("pagrochowski/CS50_SQL", "3ec327b4ce2d85c50a7c611263dedbdb6839f84c"),
    ("pedrofvgomes/cs50sql", "b3a8f25079fdb30402dddcacdfd61fa454afb09c"),
    ("raviteja-112/CS50_SQL", "3a684dd912ac222bf8d63ec9d69cb062f33962de"),
    ("rgnldpbls/cs50-db", "3e70e01af3944c27c157a43f61e4eff19815c062"),
    ("yayatigithub/CS50-SQL-PROBLEM-SET-4", "cc6a9e1f17282ddf8dd3d0a7e4128b13f049dffe"),
]] + [PROBLEMS]  # the checker's database (no answers in it)

SOURCE = Source(
    key="cs50sql_bnb_pg",
    title="CS50 SQL problem set 4 Bed and Breakfast: students' views, run on PostgreSQL",
    url="https://cs50.harvard.edu/sql/2024/psets/4/bnb/",
    licence=LICENCE,
    engine="postgres",
    repos=REPOS,
    questions=Q,
    build_db=build_db,
    extract=view_files("bnb"),
    keep_failing=False,
    note="the SELECT of each CREATE VIEW; bnb.db of CS50's checker loaded into PostgreSQL",
)
