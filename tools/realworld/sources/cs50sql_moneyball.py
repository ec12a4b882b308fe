"""CS50's Introduction to Databases with SQL, problem set 1 "Moneyball": students' answers, judged on the
database CS50's own checker uses (cs50/problems, branch 2024/sql, moneyball/moneyball-check.db); the references'
results agree with its expected results (moneyball/__init__.py). Question 5 names Satchel Paige since 2024 and
Steve Parris before; the check database holds no Steve Parris, so the earlier edition's answers to 5 are left
out."""
from __future__ import annotations

import re

from realworld.source import Question, Repo, Source, db_from_snapshot, numbered_files
from realworld.sources._cs50 import LICENCE

DB = Repo("cs50/problems", "4e7aa4ace7564f286cb8bacfa3ae1d8f05e63bfe")  # branch 2024/sql
_PAY = ("FROM players JOIN salaries ON salaries.player_id = players.id JOIN performances ON "
        "performances.player_id = players.id AND performances.year = salaries.year WHERE salaries.year = 2001")
Q = [
    Question("1", "find the average player salary by year, sorted by year in descending order, the salary rounded "
             "to two decimal places in a column called \"average salary\" (two columns: year, average salary)",
             "SELECT year, ROUND(AVG(salary), 2) AS \"average salary\" FROM salaries GROUP BY year ORDER BY year DESC",
             ordered=True),
    Question("2", "find Cal Ripken Jr.'s salary history, sorted by year in descending order (two columns: year, "
             "salary)",
             "SELECT year, salary FROM salaries WHERE player_id = (SELECT id FROM players WHERE first_name = 'Cal' "
             "AND last_name = 'Ripken') ORDER BY year DESC", ordered=True),
    Question("3", "find Ken Griffey Jr.'s home run history (the Ken Griffey born in 1969), sorted by year in "
             "descending order (two columns: year, home runs)",
             "SELECT year, HR FROM performances WHERE player_id = (SELECT id FROM players WHERE first_name = 'Ken' "
             "AND last_name = 'Griffey' AND birth_year = 1969) ORDER BY year DESC", ordered=True),
    Question("4", "find the 50 players paid the least in 2001, sorted by salary lowest to highest, ties by first "
             "name then last name, then by player ID (columns: first name, last name, salary)",
             "SELECT first_name, last_name, salary FROM players JOIN salaries ON salaries.player_id = players.id "
             "WHERE year = 2001 ORDER BY salary, first_name, last_name, players.id LIMIT 50", ordered=True),
    Question("5", "find all teams that Satchel Paige played for (one column, the unique team names)",
             "SELECT DISTINCT name FROM teams WHERE id IN (SELECT team_id FROM performances WHERE player_id = "
             "(SELECT id FROM players WHERE first_name = 'Satchel' AND last_name = 'Paige'))"),
    Question("6", "return the top 5 teams by the total number of hits by players in 2001, highest to lowest, the "
             "total in a column called \"total hits\" (columns: team name, total hits)",
             "SELECT name, SUM(H) AS \"total hits\" FROM teams JOIN performances ON performances.team_id = teams.id "
             "WHERE performances.year = 2001 GROUP BY teams.id ORDER BY \"total hits\" DESC LIMIT 5", ordered=True),
    Question("7", "find the name of the player who's been paid the highest salary, of all time, in Major League "
             "Baseball (columns: first name, last name)",
             "SELECT first_name, last_name FROM players WHERE id IN (SELECT player_id FROM salaries WHERE salary = "
             "(SELECT MAX(salary) FROM salaries))"),
    Question("8", "find the 2001 salary of the player who hit the most home runs in 2001 (one column, the salary)",
             "SELECT salary FROM salaries WHERE year = 2001 AND player_id IN (SELECT player_id FROM performances "
             "WHERE year = 2001 AND HR = (SELECT MAX(HR) FROM performances WHERE year = 2001))"),
    Question("9", "find the 5 lowest paying teams (by average salary) in 2001, the average salary rounded to two "
             "decimal places and called \"average salary\", least to greatest (columns: team name, average salary)",
             "SELECT name, ROUND(AVG(salary), 2) AS \"average salary\" FROM teams JOIN salaries ON salaries.team_id "
             "= teams.id WHERE salaries.year = 2001 GROUP BY teams.id ORDER BY \"average salary\" LIMIT 5",
             ordered=True),
    Question("10", "return each player's first name, last name, salary, home runs and the year of both (the "
             "salary's year and the performance's year matching), ordered by player ID, then year descending, then "
             "home runs descending, then salary descending",
             "SELECT first_name, last_name, salary, HR, salaries.year FROM players JOIN salaries ON "
             "salaries.player_id = players.id JOIN performances ON performances.player_id = players.id AND "
             "performances.year = salaries.year ORDER BY players.id, salaries.year DESC, HR DESC, salary DESC",
             ordered=True),
    Question("11", "find the 10 least expensive players per hit in 2001 (2001 salary divided by 2001 hits, players "
             "with 0 hits left out), in a column called \"dollars per hit\", least to most expensive, ties by first "
             "name then last name (columns: first name, last name, dollars per hit)",
             f"SELECT first_name, last_name, salary / H AS \"dollars per hit\" {_PAY} AND H > 0 "
             "ORDER BY \"dollars per hit\", first_name, last_name LIMIT 10", ordered=True),
    Question("12", "find the players among both the 10 least expensive players per hit and the 10 least expensive "
             "players per RBI in 2001, ordered by player ID (columns: first name, last name)",
             f"SELECT first_name, last_name FROM players WHERE id IN (SELECT players.id {_PAY} AND H > 0 ORDER BY "
             f"salary / H, first_name, last_name LIMIT 10) AND id IN (SELECT players.id {_PAY} AND RBI > 0 ORDER BY "
             "salary / RBI, first_name, last_name LIMIT 10) ORDER BY id", ordered=True),
]

_numbered = numbered_files(r"(?i)(^|/|-)moneyball$")

SOURCE = Source(
    key="cs50sql_moneyball",
    title="CS50 SQL problem set 1 Moneyball: students' answers on CS50's check database",
    url="https://cs50.harvard.edu/sql/2024/psets/1/moneyball/",
    licence=LICENCE,
    engine="sqlite",
    questions=Q,
    build_db=db_from_snapshot(DB, "moneyball/moneyball-check.db", "moneyball-check.db"),
    extract=lambda snap, source: (a for a in _numbered(snap, source)
                                  if a.question != "5" or re.search(r"paige", a.sql, re.I)),
    repos=[
    Repo("27medMo7sen/Harvard-CS50-SQL-Course", "c8265716b9413f8d656560cc4567db04bd48a2d0"),  # moneyball: 12 files
    Repo("AMR856/CS50-SQL", "04bd157b24124a3a413ee72845c7479d42cb8fe3"),  # moneyball: 12 files
    Repo("Abanoub-attia/solutions-of-cs50sql-course-problem-sets", "bb86a13c0adb19285b45c884dfb3bdf96659e715"),  # pset1/moneyball: 12 files
    Repo("AbdessamadABIDAOUI/CS50", "6835ce59aacf7032f9b3f7d35bf76dd865fe11f0"),  # moneyball: 12 files
    Repo("Ahmed-Osama003/CS50-SQL", "1d6d1d7bb15a123ff6fb171b0d2a87cb425de7b8"),  # 1- Relating/moneyball: 12 files
    Repo("AnastasiaT18/CS50-s-Introduction-to-Databases-with-SQL", "77c4d1f02b39ba1e8a0bb2f91c5c5067badb1014"),  # moneyball: 12 files
    Repo("AudriusJuknevicius/CS50-SQL-Problem-Sets", "0f9948a44f7940152df1c9e316e57b9c1803900c"),  # CS50 SQL/moneyball: 12 files
    Repo("Avipatel1/cs50-SQL", "1043543daafd29db686766eb93e09690376d06be"),  # moneyball: 12 files
    Repo("Franklin-Griffin/Completed-CS50sql-Assignments", "6d5a252e8b33a8757d0d02cf01cf6041167d06ea"),  # moneyball: 12 files
    Repo("Harshr24/CS50_SQL_Project", "9a9a15734d68f739e49a4b77f01eaf7d05c06498"),  # moneyball: 12 files
    Repo("Hassnaa9/SQL-CS50", "cbf645f8fe5a97c622a166a8f46fc7d86222a8d4"),  # moneyball: 12 files
    Repo("HelenaBoylen/CS50-SQL", "9bb1a0833a7675fc8a35d12ef56e9de0007b44c0"),  # moneyball: 12 files
    Repo("IosamaI/CS50SQL", "c6961c841d37c36d851496cc3a7db6941c9a6102"),  # moneyball: 12 files
    Repo("LESdylan/DBMS", "301292f84aca81bf7f44714ba303190e1519887a"),  # moneyball: 13 files
    Repo("MaximeKELI/CS50SQL-HARVARD", "e6366c63dc4391d17d13ee5c02ac1f85ac982cef"),  # moneyball: 13 files
    Repo("Mikolaj-1/SQL_CS50_Projects", "705cfe1ee7de23568da1b974be57838993d32728"),  # moneyball: 12 files
    Repo("NHTA24/CS50sql_project", "20babd68f261eae31416e56afd7aa4bce0e09bb6"),  # moneyball: 12 files
    Repo("NMukrami/CS50sql", "9b4f8e7cd552feb6f279362613038096430feb13"),  # moneyball: 12 files
    Repo("Nicoledon/cs50-sql", "10de57d928fcff3173353ffa176326bdcba4ca11"),  # moneyball: 12 files
    Repo("Pinsoft2/Self-learning", "0463d9501262ad1e16272ef5f60f922cfdcac71a"),  # moneyball: 12 files
    Repo("QI-Zzz/CS50-Introduction-to-Databases-with-SQL", "d3ef17a407132ac09c72162a0100933a78fd00df"),  # moneyball: 12 files
    Repo("RVSts/CS50_Solutions", "b88f3207b1930c97689daed854ea8bfd92fc1326"),  # moneyball: 12 files
    Repo("Ralfinho82/Harvard-SQL", "a633216819ad66c54661c83b28dbd1eda4348513"),  # moneyball: 12 files
    Repo("Tousif-Lakhani/Harvard_CS50_SQL_Course", "de5d8ba58817f9fd7ad0e3317d94d2c3902686e4"),  # moneyball: 12 files
    Repo("UcheWisdom/cs50_sql", "f68c416babc554028deade1c63f2ff1a4c81859c"),  # moneyball: 12 files
    Repo("Victor-268/SQL", "798071327ac7c1ae0b5f23191b7c51a4b8db4c3a"),  # moneyball: 12 files
    Repo("Xime33/CS50--SQL2024", "42018e2edea7207641d5699d238a80a59ad9dddf"),  # moneyball: 12 files
    Repo("a47225/cs50-sql-projects", "1b4f8177ea61dfd3b7bd8c4ccf615e890e130f6e"),  # moneyball: 12 files
    Repo("aaryamahajan919/Introduction-to-databases-with-SQL-edX", "c054dfec903e6e66eb492fac6bbacfaf236f70b6"),  # moneyball: 12 files
    Repo("ademarcus89/Harvard_CS50_SQL", "21ae23b671452d148fcdd5318f3359f9eb42361d"),  # moneyball: 12 files
    Repo("ahmed-mohamed-77/CS50-SQL", "ea2f7edca3172b570d8ae02dd5bf477f8c7322cb"),  # moneyball: 12 files
    Repo("aka1Neto/CS50SQL", "cfe066c93b3f4ca168547f04e4793763fe01b789"),  # week1/moneyball: 12 files
    Repo("arijit-bhadra/Moneyball---an-SQL-Project", "22596bd57a4d7d3d1d6cd9e0ccc3394700274c87"),  # moneyball: 12 files
    Repo("arpharutyunyan/CS50SQL", "3b63ecc80c76854697b26744bcd997f11b7b4a60"),  # moneyball: 12 files
    Repo("asia-guzi/SQL", "5476d4768a051868efdbdb5ef5c69380bd3e59ba"),  # moneyball: 12 files
    Repo("aymane5554/cs50sql", "9ee59c33c87730f8f794f67629135bf6781a5bd8"),  # moneyball: 12 files
    Repo("baldipeter/CS50SQL", "92f43f6f7bc2a6ac07275ee4fa5a3916a2511824"),  # moneyball: 12 files
    Repo("balganov/courses", "f7e144295ed15cdb07a0c520edccb07f47d46aaa"),  # cs50sql/moneyball: 12 files
    Repo("borjaVilallonga/CS50-SQL", "65aa6c95d9451733b1024130d25a7af08332940b"),  # moneyball: 12 files
    Repo("cg030/CS50", "c779e7996b9a25f7fac27554b02ed9de59a3f7cc"),  # moneyball: 12 files
    Repo("danielledavid/codepractice", "3563345ffd6f04e0d8b3bc25ac7eac6878e26e01"),  # moneyball: 12 files
    Repo("dgoyzueta/cs50coding", "b053bd5fd1e65ab91e73a82e2af1113030ccbbb5"),  # moneyball: 12 files
    Repo("e-jurvanen/SQL-coursework", "b08bd080351281668226cb47f073af5371c9f7f9"),  # moneyball: 12 files
    Repo("hardope/cs50-sql", "0edbf6f5c0026cf296768bcc1b29b64fc65da474"),  # moneyball: 12 files
    Repo("itsareebalatif/CS50-s-Introduction-to-Databases-with-SQL", "24cca4967ccb47a3206dbc9ec87a622542fbaf67"),  # moneyball: 12 files
    Repo("jcrossland87/CS50", "ac64143799d146af6d204be462c42720c4c29bb6"),  # moneyball: 12 files
    Repo("kamilrasinski/cs50sql", "6f494d1b9012780a9633c6ed2db5d4fc778b5d19"),  # moneyball: 12 files
    Repo("koushalsmodi/SQLProjects", "c980fb5eace44808416a2dd406210dd20f028a12"),  # moneyball: 12 files
    Repo("lisleitora/CS50", "9dcd668143c2d7c8aac41fc09dd8480578a7647b"),  # moneyball: 12 files
    Repo("meiatef066/CS50-s-Introduction-to-Databases-with-SQL", "51fd1e38afcb63b497456447c8ab8a32b4071dad"),  # moneyball: 12 files
    Repo("mouda4d/CS50", "828e04f7aada28e481b6bed44b77652eef877e53"),  # moneyball: 12 files
    Repo("nestortada/Base-De-Datos", "e4910f396a391b360738c3bd75f573721ea615e3"),  # moneyball: 12 files
    Repo("nikoskiritsis/CS50-Introduction-To-Databases-with-SQL-Assignments", "109298c8fb7f4d2418787ae8d75231f937062ef0"),  # moneyball: 12 files
    Repo("pagrochowski/CS50_SQL", "3ec327b4ce2d85c50a7c611263dedbdb6839f84c"),  # moneyball: 12 files
    Repo("pedrofvgomes/cs50sql", "b3a8f25079fdb30402dddcacdfd61fa454afb09c"),  # moneyball: 12 files
    Repo("rafkrawczyk/CS-50-SQL", "0d1e4a9b41d098ce0c8190fa34984379a88278d6"),  # week.2/moneyball: 12 files
    Repo("raviteja-112/CS50_SQL", "3a684dd912ac222bf8d63ec9d69cb062f33962de"),  # moneyball: 12 files
    Repo("rgnldpbls/cs50-db", "3e70e01af3944c27c157a43f61e4eff19815c062"),  # moneyball: 12 files
    Repo("shivang1209-dot/CS50SQL", "b262c614431192e9d5617bea5260e92d108fa430"),  # pset1/moneyball: 12 files
    Repo("thehaniyaakhtar/crispy-space-pancake", "64d30c726b8fb85de50a9d16283a019fdb6f824d"),  # moneyball: 12 files
    Repo("trevdav1972/cs50-projects", "073e5f1ffddb304c621fd7dd69eab123a3c61771"),  # moneyball: 12 files
    Repo("tuandat-github/CS50-SQL", "53ae1c44edc55258e9d556a381e0569f68cf9618"),  # moneyball: 12 files
    Repo("yayatigithub/CS50-SQL-PROBLEM-SET-1", "11bc7bef62ae973ae2c768303509ffdf1596842f"),  # moneyball: 12 files
    ],
)
