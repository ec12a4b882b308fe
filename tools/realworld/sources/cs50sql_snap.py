"""CS50's Introduction to Databases with SQL, problem set 5 "Snap": students' answers, on the database CS50's
checker uses (cs50/problems, branch 2024/sql, snap/snap.db); the references' results agree with its expected
results (snap/__init__.py). The questions also ask that a named index be used: only the answer is judged here.
A leading ``EXPLAIN QUERY PLAN`` (the students' check of the index) is removed by the extractor before the
statements are split (a mechanical change: the statement itself is what the student wrote)."""
from __future__ import annotations

import re

from realworld.snapshot import statements
from realworld.source import Answer, Question, Repo, Source, db_from_snapshot
from realworld.sources._cs50 import LICENCE

DB = Repo("cs50/problems", "4e7aa4ace7564f286cb8bacfa3ae1d8f05e63bfe")  # branch 2024/sql


def _user(name: str) -> str:
    return f"(SELECT id FROM users WHERE username = '{name}')"


Q = [
    Question("1", "find all usernames of users who have logged in since 2024-01-01",
             "SELECT username FROM users WHERE last_login_date >= '2024-01-01'"),
    Question("2", "find when the message with ID 151 expires",
             "SELECT expires_timestamp FROM messages WHERE id = 151"),
    Question("3", "find the user IDs of the top 3 users to whom creativewisdom377 sends messages most frequently, "
             "ordered by the number of messages creativewisdom377 has sent to them, most to least",
             f"SELECT to_user_id FROM messages WHERE from_user_id = {_user('creativewisdom377')} "
             "GROUP BY to_user_id ORDER BY COUNT(*) DESC LIMIT 3", ordered=True),
    Question("4", "find the username of the most popular user, the user who has had the most messages sent to them",
             "SELECT username FROM users JOIN messages ON messages.to_user_id = users.id GROUP BY users.id "
             "ORDER BY COUNT(*) DESC, username LIMIT 1"),
    Question("5", "find the user IDs of the mutual friends of lovelytrust487 and exceptionalinspiration482 (users "
             "both count among their friends)",
             f"SELECT friend_id FROM friends WHERE user_id = {_user('lovelytrust487')} INTERSECT "
             f"SELECT friend_id FROM friends WHERE user_id = {_user('exceptionalinspiration482')}"),
]
_EXPLAIN = re.compile(r"(?im)^\s*EXPLAIN\s+QUERY\s+PLAN\b\s*")


def extract(snap, source):
    keys = {q.key for q in source.questions}
    by_folder: dict[str, list[str]] = {}
    for path in snap.files():
        folder, _, name = path.rpartition("/")
        if name.endswith(".sql") and name[:-4] in keys and re.search(r"(?i)(^|/|-)snap$", folder or "."):
            by_folder.setdefault(folder, []).append(path)
    if not by_folder:
        return
    folder = max(sorted(by_folder), key=lambda f: len(by_folder[f]))
    for path in sorted(by_folder[folder]):
        for sql in statements(_EXPLAIN.sub("", snap.read(path))):
            yield Answer(snap.repo, path.rpartition("/")[2][:-4], sql, path)


SOURCE = Source(
    key="cs50sql_snap",
    title="CS50 SQL problem set 5 Snap: students' answers on CS50's check database",
    url="https://cs50.harvard.edu/sql/2024/psets/5/snap/",
    licence=LICENCE,
    engine="sqlite",
    questions=Q,
    build_db=db_from_snapshot(DB, "snap/snap.db", "snap.db"),
    extract=extract,
    repos=[
    Repo("27medMo7sen/Harvard-CS50-SQL-Course", "c8265716b9413f8d656560cc4567db04bd48a2d0"),  # snap: 5 files
    Repo("Abanoub-attia/solutions-of-cs50sql-course-problem-sets", "bb86a13c0adb19285b45c884dfb3bdf96659e715"),  # pset5/snap: 5 files
    Repo("Ahmed-Osama003/CS50-SQL", "1d6d1d7bb15a123ff6fb171b0d2a87cb425de7b8"),  # 5- Optimizing/snap: 5 files
    Repo("AnastasiaT18/CS50-s-Introduction-to-Databases-with-SQL", "77c4d1f02b39ba1e8a0bb2f91c5c5067badb1014"),  # snap: 5 files
    Repo("AudriusJuknevicius/CS50-SQL-Problem-Sets", "0f9948a44f7940152df1c9e316e57b9c1803900c"),  # CS50 SQL/snap: 5 files
    Repo("Avipatel1/cs50-SQL", "1043543daafd29db686766eb93e09690376d06be"),  # snap: 5 files
    Repo("HelenaBoylen/CS50-SQL", "9bb1a0833a7675fc8a35d12ef56e9de0007b44c0"),  # snap: 5 files
    Repo("IosamaI/CS50SQL", "c6961c841d37c36d851496cc3a7db6941c9a6102"),  # snap: 5 files
    Repo("MaximeKELI/CS50SQL-HARVARD", "e6366c63dc4391d17d13ee5c02ac1f85ac982cef"),  # snap: 5 files
    Repo("NHTA24/CS50sql_project", "20babd68f261eae31416e56afd7aa4bce0e09bb6"),  # snap: 5 files
    Repo("NMukrami/CS50sql", "9b4f8e7cd552feb6f279362613038096430feb13"),  # snap: 5 files
    Repo("Nicoledon/cs50-sql", "10de57d928fcff3173353ffa176326bdcba4ca11"),  # snap: 5 files
    Repo("Pinsoft2/Self-learning", "0463d9501262ad1e16272ef5f60f922cfdcac71a"),  # snap: 5 files
    Repo("QI-Zzz/CS50-Introduction-to-Databases-with-SQL", "d3ef17a407132ac09c72162a0100933a78fd00df"),  # snap: 5 files
    Repo("RVSts/CS50_Solutions", "b88f3207b1930c97689daed854ea8bfd92fc1326"),  # snap: 5 files
    Repo("Tousif-Lakhani/Harvard_CS50_SQL_Course", "de5d8ba58817f9fd7ad0e3317d94d2c3902686e4"),  # snap: 5 files
    Repo("UcheWisdom/cs50_sql", "f68c416babc554028deade1c63f2ff1a4c81859c"),  # snap: 5 files
    Repo("Xime33/CS50--SQL2024", "42018e2edea7207641d5699d238a80a59ad9dddf"),  # snap: 5 files
    Repo("a47225/cs50-sql-projects", "1b4f8177ea61dfd3b7bd8c4ccf615e890e130f6e"),  # snap: 5 files
    Repo("aaryamahajan919/Introduction-to-databases-with-SQL-edX", "c054dfec903e6e66eb492fac6bbacfaf236f70b6"),  # snap: 5 files
    Repo("ahmed-mohamed-77/CS50-SQL", "ea2f7edca3172b570d8ae02dd5bf477f8c7322cb"),  # snap: 5 files
    Repo("aka1Neto/CS50SQL", "cfe066c93b3f4ca168547f04e4793763fe01b789"),  # week5/snap: 5 files
    Repo("arpharutyunyan/CS50SQL", "3b63ecc80c76854697b26744bcd997f11b7b4a60"),  # snap: 5 files
    Repo("aymane5554/cs50sql", "9ee59c33c87730f8f794f67629135bf6781a5bd8"),  # snap: 5 files
    Repo("baldipeter/CS50SQL", "92f43f6f7bc2a6ac07275ee4fa5a3916a2511824"),  # snap: 5 files
    Repo("balganov/courses", "f7e144295ed15cdb07a0c520edccb07f47d46aaa"),  # cs50sql/snap: 5 files
    Repo("borjaVilallonga/CS50-SQL", "65aa6c95d9451733b1024130d25a7af08332940b"),  # snap: 5 files
    Repo("dgoyzueta/cs50coding", "b053bd5fd1e65ab91e73a82e2af1113030ccbbb5"),  # snap: 5 files
    Repo("e-jurvanen/SQL-coursework", "b08bd080351281668226cb47f073af5371c9f7f9"),  # snap: 5 files
    Repo("hardope/cs50-sql", "0edbf6f5c0026cf296768bcc1b29b64fc65da474"),  # snap: 5 files
    Repo("kamilrasinski/cs50sql", "6f494d1b9012780a9633c6ed2db5d4fc778b5d19"),  # snap: 5 files
    Repo("krishna-sharmaa/CS50-s-Introduction-to-Databases-with-SQL", "7cbec35f8347d329667a7772315a1c44eff4453a"),  # snap: 5 files
    Repo("lisleitora/CS50", "9dcd668143c2d7c8aac41fc09dd8480578a7647b"),  # snap: 5 files
    Repo("mouda4d/CS50", "828e04f7aada28e481b6bed44b77652eef877e53"),  # snap: 5 files
    Repo("nestortada/Base-De-Datos", "e4910f396a391b360738c3bd75f573721ea615e3"),  # snap: 5 files
    Repo("pagrochowski/CS50_SQL", "3ec327b4ce2d85c50a7c611263dedbdb6839f84c"),  # snap: 5 files
    Repo("raviteja-112/CS50_SQL", "3a684dd912ac222bf8d63ec9d69cb062f33962de"),  # snap: 5 files
    ],
)
