"""CS50's Introduction to Databases with SQL, problem set 4 "Census" (views over Nepal's 2021 census by
locality): students' answers, on the database CS50's checker uses (cs50/problems, branch 2024/sql,
census/census.db); the references agree with its checks (rural: 461 rows; total: 5,642,674 households; Mustang:
3,751 families; Kathmandu the most populated). Each answer is a ``CREATE VIEW name AS SELECT ...``: the
extractor removes the ``CREATE VIEW ... AS`` head (a mechanical change) and judges the SELECT the student
wrote."""
from __future__ import annotations

import re

from realworld.snapshot import statements
from realworld.source import Answer, Question, Repo, Source, db_from_snapshot
from realworld.sources._cs50 import LICENCE

DB = Repo("cs50/problems", "4e7aa4ace7564f286cb8bacfa3ae1d8f05e63bfe")  # branch 2024/sql
_SUMS = ('SUM(families) AS families, SUM(households) AS households, SUM(population) AS population, '
         'SUM(male) AS male, SUM(female) AS female')
Q = [
    Question("rural", "a view of all census records relating to a rural municipality (identified by including "
             "\"rural\" in their name), with all of the columns of the census table",
             "SELECT * FROM census WHERE locality LIKE '%rural%'"),
    Question("total", "a view of the sums of each numeric column of census (families, households, population, male, "
             "female) across all districts and localities", f"SELECT {_SUMS} FROM census"),
    Question("by_district", "a view of the sums of each numeric column of census (families, households, population, "
             "male, female) by district, with the district", f"SELECT district, {_SUMS} FROM census GROUP BY district"),
    Question("most_populated", "a view of the districts of Nepal from most to least populated, with the district and "
             "the sums of families, households, population, male and female",
             f"SELECT district, {_SUMS} FROM census GROUP BY district ORDER BY SUM(population) DESC", ordered=True),
]
_HEAD = re.compile(r'(?is)\bCREATE\s+(?:TEMP(?:ORARY)?\s+)?VIEW\s+(?:IF\s+NOT\s+EXISTS\s+)?["`\[]?\w+["`\]]?\s+AS\s+')


def extract(snap, source):
    keys = {q.key for q in source.questions}
    by_folder: dict[str, list[str]] = {}
    for path in snap.files():
        folder, _, name = path.rpartition("/")
        if name.endswith(".sql") and name[:-4] in keys and re.search(r"(?i)(^|/|-)census$", folder or "."):
            by_folder.setdefault(folder, []).append(path)
    if not by_folder:
        return
    folder = max(sorted(by_folder), key=lambda f: len(by_folder[f]))
    for path in sorted(by_folder[folder]):
        for sql in statements(_HEAD.sub("", snap.read(path))):
            yield Answer(snap.repo, path.rpartition("/")[2][:-4], sql, path)


SOURCE = Source(
    key="cs50sql_census",
    title="CS50 SQL problem set 4 Census: students' views on CS50's check database",
    url="https://cs50.harvard.edu/sql/2024/psets/4/census/",
    licence=LICENCE,
    engine="sqlite",
    questions=Q,
    build_db=db_from_snapshot(DB, "census/census.db", "census.db"),
    extract=extract,
    repos=[
    Repo("27medMo7sen/Harvard-CS50-SQL-Course", "c8265716b9413f8d656560cc4567db04bd48a2d0"),
    Repo("Abanoub-attia/solutions-of-cs50sql-course-problem-sets", "bb86a13c0adb19285b45c884dfb3bdf96659e715"),
    Repo("AbdessamadABIDAOUI/CS50", "6835ce59aacf7032f9b3f7d35bf76dd865fe11f0"),
    Repo("AnastasiaT18/CS50-s-Introduction-to-Databases-with-SQL", "77c4d1f02b39ba1e8a0bb2f91c5c5067badb1014"),
    Repo("AudriusJuknevicius/CS50-SQL-Problem-Sets", "0f9948a44f7940152df1c9e316e57b9c1803900c"),
    Repo("Avipatel1/cs50-SQL", "1043543daafd29db686766eb93e09690376d06be"),
    Repo("Dhruv29Hyperion/SQL-CS50-", "f76389761acde9ef02ad893d139e1774d79088f6"),
    Repo("Harshr24/CS50_SQL_Project", "9a9a15734d68f739e49a4b77f01eaf7d05c06498"),
    Repo("Hassnaa9/SQL-CS50", "cbf645f8fe5a97c622a166a8f46fc7d86222a8d4"),
    Repo("HelenaBoylen/CS50-SQL", "9bb1a0833a7675fc8a35d12ef56e9de0007b44c0"),
    Repo("IosamaI/CS50SQL", "c6961c841d37c36d851496cc3a7db6941c9a6102"),
    Repo("LESdylan/DBMS", "301292f84aca81bf7f44714ba303190e1519887a"),
    Repo("MaximeKELI/CS50SQL-HARVARD", "e6366c63dc4391d17d13ee5c02ac1f85ac982cef"),
    Repo("NHTA24/CS50sql_project", "20babd68f261eae31416e56afd7aa4bce0e09bb6"),
    Repo("NMukrami/CS50sql", "9b4f8e7cd552feb6f279362613038096430feb13"),
    Repo("Nicoledon/cs50-sql", "10de57d928fcff3173353ffa176326bdcba4ca11"),
    Repo("Pinsoft2/Self-learning", "0463d9501262ad1e16272ef5f60f922cfdcac71a"),
    Repo("Pravallikadintyala/CS50-s-Databases-with-SQL", "05411e18120f014bbe18894c7298d6673abf594d"),
    Repo("QI-Zzz/CS50-Introduction-to-Databases-with-SQL", "d3ef17a407132ac09c72162a0100933a78fd00df"),
    Repo("RVSts/CS50_Solutions", "b88f3207b1930c97689daed854ea8bfd92fc1326"),
    Repo("Tousif-Lakhani/Harvard_CS50_SQL_Course", "de5d8ba58817f9fd7ad0e3317d94d2c3902686e4"),
    Repo("UcheWisdom/cs50_sql", "f68c416babc554028deade1c63f2ff1a4c81859c"),
    Repo("Xime33/CS50--SQL2024", "42018e2edea7207641d5699d238a80a59ad9dddf"),
    Repo("a47225/cs50-sql-projects", "1b4f8177ea61dfd3b7bd8c4ccf615e890e130f6e"),
    Repo("aaryamahajan919/Introduction-to-databases-with-SQL-edX", "c054dfec903e6e66eb492fac6bbacfaf236f70b6"),
    Repo("ahmed-mohamed-77/CS50-SQL", "ea2f7edca3172b570d8ae02dd5bf477f8c7322cb"),
    Repo("aka1Neto/CS50SQL", "cfe066c93b3f4ca168547f04e4793763fe01b789"),
    Repo("arpharutyunyan/CS50SQL", "3b63ecc80c76854697b26744bcd997f11b7b4a60"),
    Repo("asia-guzi/SQL", "5476d4768a051868efdbdb5ef5c69380bd3e59ba"),
    Repo("aymane5554/cs50sql", "9ee59c33c87730f8f794f67629135bf6781a5bd8"),
    Repo("baldipeter/CS50SQL", "92f43f6f7bc2a6ac07275ee4fa5a3916a2511824"),
    Repo("balganov/courses", "f7e144295ed15cdb07a0c520edccb07f47d46aaa"),
    Repo("borjaVilallonga/CS50-SQL", "65aa6c95d9451733b1024130d25a7af08332940b"),
    Repo("cg030/CS50", "c779e7996b9a25f7fac27554b02ed9de59a3f7cc"),
    Repo("dgoyzueta/cs50coding", "b053bd5fd1e65ab91e73a82e2af1113030ccbbb5"),
    Repo("e-jurvanen/SQL-coursework", "b08bd080351281668226cb47f073af5371c9f7f9"),
    Repo("hardope/cs50-sql", "0edbf6f5c0026cf296768bcc1b29b64fc65da474"),
    Repo("jcrossland87/CS50", "ac64143799d146af6d204be462c42720c4c29bb6"),
    Repo("kamilrasinski/cs50sql", "6f494d1b9012780a9633c6ed2db5d4fc778b5d19"),
    Repo("krishna-sharmaa/CS50-s-Introduction-to-Databases-with-SQL", "7cbec35f8347d329667a7772315a1c44eff4453a"),
    Repo("lisleitora/CS50", "9dcd668143c2d7c8aac41fc09dd8480578a7647b"),
    Repo("mouda4d/CS50", "828e04f7aada28e481b6bed44b77652eef877e53"),
    Repo("nestortada/Base-De-Datos", "e4910f396a391b360738c3bd75f573721ea615e3"),
    Repo("nikoskiritsis/CS50-Introduction-To-Databases-with-SQL-Assignments", "109298c8fb7f4d2418787ae8d75231f937062ef0"),
    Repo("pagrochowski/CS50_SQL", "3ec327b4ce2d85c50a7c611263dedbdb6839f84c"),
    Repo("pedrofvgomes/cs50sql", "b3a8f25079fdb30402dddcacdfd61fa454afb09c"),
    Repo("rafkrawczyk/CS-50-SQL", "0d1e4a9b41d098ce0c8190fa34984379a88278d6"),
    Repo("raviteja-112/CS50_SQL", "3a684dd912ac222bf8d63ec9d69cb062f33962de"),
    Repo("rgnldpbls/cs50-db", "3e70e01af3944c27c157a43f61e4eff19815c062"),
    Repo("thehaniyaakhtar/crispy-space-pancake", "64d30c726b8fb85de50a9d16283a019fdb6f824d"),
    Repo("yayatigithub/CS50-SQL-PROBLEM-SET-4", "cc6a9e1f17282ddf8dd3d0a7e4128b13f049dffe"),
    ],
)
