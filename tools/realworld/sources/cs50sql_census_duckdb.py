"""CS50's Introduction to Databases with SQL, problem set 4 "Census Taker" (Nepal's 2021 census by locality),
run on DuckDB: students' views, the SELECT of each ``CREATE VIEW`` being the answer.

The students wrote for SQLite; their view bodies are run unchanged on the same data loaded into DuckDB, where
the dialects part: ``LIKE`` is case-sensitive in DuckDB (case-insensitive for ASCII in SQLite) and a
double-quoted string is an identifier, not SQLite's fallback string. A body DuckDB refuses is left out (logged
in the build); one whose result changes only through ``LIKE``'s case is labelled by a person (debatable: right
on the engine it was written for).
"""
from __future__ import annotations

import sqlite3

from realworld.source import BuildContext, Question, Repo, Source
from realworld.sources._views import view_files
from realworld.sources._cs50 import LICENCE

PROBLEMS = Repo("cs50/problems", "4e7aa4ace7564f286cb8bacfa3ae1d8f05e63bfe")  # branch 2024/sql
_SUMS = ('SUM("families") AS "families", SUM("households") AS "households", SUM("population") AS "population", '
         'SUM("male") AS "male", SUM("female") AS "female"')
Q = [
    Question("rural", "a view of every census record of a rural municipality (a locality whose name says rural)",
             """SELECT * FROM "census" WHERE lower("locality") LIKE '%rural%'"""),
    Question("total", "a view of the total families, households, population, male and female across all of Nepal",
             f'SELECT {_SUMS} FROM "census"'),
    Question("by_district", "a view of each district's total families, households, population, male and female",
             f'SELECT "district", {_SUMS} FROM "census" GROUP BY "district"'),
    Question("most_populated", "a view of the districts with their total families, households, population, male "
             "and female, from the most to the least populated",
             f'SELECT "district", {_SUMS} FROM "census" GROUP BY "district" ORDER BY "population" DESC',
             ordered=True),
]


def build_db(ctx: BuildContext) -> str:
    """census.db from CS50's checker (cs50/problems, branch 2024/sql) copied into a DuckDB file."""
    import duckdb

    src = ctx.out / "census.sqlite"
    src.write_bytes(ctx.snapshot(PROBLEMS).read_bytes("census/census.db"))
    dest = ctx.out / "census.duckdb"
    dest.unlink(missing_ok=True)
    lite = sqlite3.connect(f"file:{src}?mode=ro", uri=True)
    con = duckdb.connect(str(dest))
    con.execute('CREATE TABLE "census" ("id" INTEGER PRIMARY KEY, "district" TEXT NOT NULL, "locality" TEXT NOT NULL, '
                '"families" INTEGER NOT NULL, "households" INTEGER NOT NULL, "population" INTEGER NOT NULL, '
                '"male" INTEGER NOT NULL, "female" INTEGER NOT NULL)')
    con.executemany('INSERT INTO "census" VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
                    lite.execute('SELECT "id", "district", "locality", "families", "households", "population", '
                                 '"male", "female" FROM "census"').fetchall())
    con.close()
    lite.close()
    return str(dest)


REPOS = [Repo(n, c) for n, c in [
    ("27medMo7sen/Harvard-CS50-SQL-Course", "c8265716b9413f8d656560cc4567db04bd48a2d0"),
    ("AnastasiaT18/CS50-s-Introduction-to-Databases-with-SQL", "77c4d1f02b39ba1e8a0bb2f91c5c5067badb1014"),
    ("AudriusJuknevicius/CS50-SQL-Problem-Sets", "0f9948a44f7940152df1c9e316e57b9c1803900c"),
    ("Avipatel1/cs50-SQL", "1043543daafd29db686766eb93e09690376d06be"),
    ("Dhruv29Hyperion/SQL-CS50-", "f76389761acde9ef02ad893d139e1774d79088f6"),
    ("Harshr24/CS50_SQL_Project", "9a9a15734d68f739e49a4b77f01eaf7d05c06498"),
    ("Hassnaa9/SQL-CS50", "cbf645f8fe5a97c622a166a8f46fc7d86222a8d4"),
    ("HelenaBoylen/CS50-SQL", "9bb1a0833a7675fc8a35d12ef56e9de0007b44c0"),
    ("IosamaI/CS50SQL", "c6961c841d37c36d851496cc3a7db6941c9a6102"),
    ("LESdylan/DBMS", "301292f84aca81bf7f44714ba303190e1519887a"),
    ("MaximeKELI/CS50SQL-HARVARD", "e6366c63dc4391d17d13ee5c02ac1f85ac982cef"),
    ("NHTA24/CS50sql_project", "20babd68f261eae31416e56afd7aa4bce0e09bb6"),
    ("NMukrami/CS50sql", "9b4f8e7cd552feb6f279362613038096430feb13"),
    ("Nicoledon/cs50-sql", "10de57d928fcff3173353ffa176326bdcba4ca11"),
    ("Pinsoft2/Self-learning", "0463d9501262ad1e16272ef5f60f922cfdcac71a"),
    ("Pravallikadintyala/CS50-s-Databases-with-SQL", "05411e18120f014bbe18894c7298d6673abf594d"),
    ("QI-Zzz/CS50-Introduction-to-Databases-with-SQL", "d3ef17a407132ac09c72162a0100933a78fd00df"),
    ("RVSts/CS50_Solutions", "b88f3207b1930c97689daed854ea8bfd92fc1326"),
    ("Tousif-Lakhani/Harvard_CS50_SQL_Course", "de5d8ba58817f9fd7ad0e3317d94d2c3902686e4"),
    ("UcheWisdom/cs50_sql", "f68c416babc554028deade1c63f2ff1a4c81859c"),
    ("Xime33/CS50--SQL2024", "42018e2edea7207641d5699d238a80a59ad9dddf"),
    ("aaryamahajan919/Introduction-to-databases-with-SQL-edX", "c054dfec903e6e66eb492fac6bbacfaf236f70b6"),
    ("ahmed-mohamed-77/CS50-SQL", "ea2f7edca3172b570d8ae02dd5bf477f8c7322cb"),
    ("aka1Neto/CS50SQL", "cfe066c93b3f4ca168547f04e4793763fe01b789"),
    ("arpharutyunyan/CS50SQL", "3b63ecc80c76854697b26744bcd997f11b7b4a60"),
    ("asia-guzi/SQL", "5476d4768a051868efdbdb5ef5c69380bd3e59ba"),
    ("baldipeter/CS50SQL", "92f43f6f7bc2a6ac07275ee4fa5a3916a2511824"),
    ("borjaVilallonga/CS50-SQL", "65aa6c95d9451733b1024130d25a7af08332940b"),
    ("cg030/CS50", "c779e7996b9a25f7fac27554b02ed9de59a3f7cc"),
    ("dgoyzueta/cs50coding", "b053bd5fd1e65ab91e73a82e2af1113030ccbbb5"),
    ("e-jurvanen/SQL-coursework", "b08bd080351281668226cb47f073af5371c9f7f9"),
    ("hardope/cs50-sql", "0edbf6f5c0026cf296768bcc1b29b64fc65da474"),
    ("jcrossland87/CS50", "ac64143799d146af6d204be462c42720c4c29bb6"),
    ("krishna-sharmaa/CS50-s-Introduction-to-Databases-with-SQL", "7cbec35f8347d329667a7772315a1c44eff4453a"),
    ("lisleitora/CS50", "9dcd668143c2d7c8aac41fc09dd8480578a7647b"),
    ("mouda4d/CS50", "828e04f7aada28e481b6bed44b77652eef877e53"),
    ("nestortada/Base-De-Datos", "e4910f396a391b360738c3bd75f573721ea615e3"),
    ("nikoskiritsis/CS50-Introduction-To-Databases-with-SQL-Assignments", "109298c8fb7f4d2418787ae8d75231f937062ef0"),
    ("pagrochowski/CS50_SQL", "3ec327b4ce2d85c50a7c611263dedbdb6839f84c"),
    ("pedrofvgomes/cs50sql", "b3a8f25079fdb30402dddcacdfd61fa454afb09c"),
    ("rafkrawczyk/CS-50-SQL", "0d1e4a9b41d098ce0c8190fa34984379a88278d6"),
    ("raviteja-112/CS50_SQL", "3a684dd912ac222bf8d63ec9d69cb062f33962de"),
    ("rgnldpbls/cs50-db", "3e70e01af3944c27c157a43f61e4eff19815c062"),
    ("yayatigithub/CS50-SQL-PROBLEM-SET-4", "cc6a9e1f17282ddf8dd3d0a7e4128b13f049dffe"),
]] + [PROBLEMS]  # the checker's database (no answers in it)

SOURCE = Source(
    key="cs50sql_census_duckdb",
    title="CS50 SQL problem set 4 Census Taker: students' views, run on DuckDB",
    url="https://cs50.harvard.edu/sql/2024/psets/4/census/",
    licence=LICENCE,
    engine="duckdb",
    repos=REPOS,
    questions=Q,
    build_db=build_db,
    extract=view_files("census"),
    keep_failing=False,
    note="the SELECT of each CREATE VIEW; census.db of CS50's checker loaded into DuckDB",
)
