"""CS50's Introduction to Databases with SQL, problem set "DESE": students' answers."""
from __future__ import annotations

from realworld.source import Question, Repo, Source, db_from_snapshot, numbered_files
from realworld.sources._cs50 import LICENCE

DB = Repo("27medMo7sen/Harvard-CS50-SQL-Course", "c8265716b9413f8d656560cc4567db04bd48a2d0")
_PUBLIC = "type = 'Public School'"
Q = [
    Question("1", "find the names and cities of all public schools in Massachusetts (charter schools are distinct)",
             f"SELECT name, city FROM schools WHERE {_PUBLIC}"),
    Question("2", "find the names of districts that are no longer operational (their name ends in \"(non-op)\")",
             "SELECT name FROM districts WHERE name LIKE '%(non-op)'"),
    Question("3", "find the average per-pupil expenditure of districts, weighting all districts equally, in a column "
             "named \"Average District Per-Pupil Expenditure\"",
             "SELECT AVG(per_pupil_expenditure) AS \"Average District Per-Pupil Expenditure\" FROM expenditures"),
    Question("4", "find the 10 cities with the most public schools: the names of the cities and the number of public "
             "schools within them, ordered from greatest number of public schools to least, ties alphabetically",
             f"SELECT city, COUNT(*) AS n FROM schools WHERE {_PUBLIC} GROUP BY city ORDER BY n DESC, city LIMIT 10",
             ordered=True),
    Question("5", "find cities with 3 or fewer public schools: the names of the cities and the number of public "
             "schools within them, ordered from greatest number of public schools to least, ties alphabetically",
             f"SELECT city, COUNT(*) AS n FROM schools WHERE {_PUBLIC} GROUP BY city HAVING COUNT(*) <= 3 "
             "ORDER BY n DESC, city", ordered=True),
    Question("6", "find the names of schools (public or charter) that reported a 100% graduation rate",
             "SELECT s.name FROM schools s JOIN graduation_rates g ON g.school_id = s.id WHERE g.graduated = 100"),
    Question("7", "find the names of schools (public or charter) in the school district whose name is \"Cambridge\"",
             "SELECT name FROM schools WHERE district_id = (SELECT id FROM districts WHERE name = 'Cambridge')"),
    Question("8", "display the names of all school districts and the number of pupils enrolled in each",
             "SELECT d.name, e.pupils FROM districts d JOIN expenditures e ON e.district_id = d.id"),
    Question("9", "find the name (or names) of the school district(s) with the single least number of pupils; report "
             "only the name(s)",
             "SELECT d.name FROM districts d JOIN expenditures e ON e.district_id = d.id "
             "WHERE e.pupils = (SELECT MIN(pupils) FROM expenditures)"),
    Question("10", "find the 10 public school districts with the highest per-pupil expenditures: the names of the "
             "districts and the per-pupil expenditure for each",
             "SELECT d.name, e.per_pupil_expenditure FROM districts d JOIN expenditures e ON e.district_id = d.id "
             "WHERE d.type = 'Public School District' ORDER BY e.per_pupil_expenditure DESC LIMIT 10"),
    Question("11", "display the names of schools, their per-pupil expenditure (their district's), and their "
             "graduation rate, sorted from greatest per-pupil expenditure to least, ties by school name",
             "SELECT s.name, e.per_pupil_expenditure, g.graduated FROM schools s "
             "JOIN expenditures e ON e.district_id = s.district_id JOIN graduation_rates g ON g.school_id = s.id "
             "ORDER BY e.per_pupil_expenditure DESC, s.name", ordered=True),
    Question("12", "find public school districts with above-average per-pupil expenditures and an above-average "
             "percentage of teachers rated exemplary: the districts' names, their per-pupil expenditures and "
             "percentage of teachers rated exemplary, sorted by the percentage exemplary (high to low), then by the "
             "per-pupil expenditure (high to low)",
             "SELECT d.name, e.per_pupil_expenditure, se.exemplary FROM districts d "
             "JOIN expenditures e ON e.district_id = d.id JOIN staff_evaluations se ON se.district_id = d.id "
             "WHERE d.type = 'Public School District' "
             "AND e.per_pupil_expenditure > (SELECT AVG(per_pupil_expenditure) FROM expenditures) "
             "AND se.exemplary > (SELECT AVG(exemplary) FROM staff_evaluations) "
             "ORDER BY se.exemplary DESC, e.per_pupil_expenditure DESC", ordered=True),
]

SOURCE = Source(
    key="cs50sql_dese",
    title="CS50 SQL problem set DESE: students' answers",
    url="https://cs50.harvard.edu/sql/2024/psets/1/dese/",
    licence=LICENCE,
    engine="sqlite",
    questions=Q,
    build_db=db_from_snapshot(DB, "dese/dese.db", "dese.db"),
    extract=numbered_files(r"(?i)(^|/|-)dese$"),
    repos=[
    Repo("27medMo7sen/Harvard-CS50-SQL-Course", "c8265716b9413f8d656560cc4567db04bd48a2d0"),  # dese: 13 files
    Repo("Ahmed-Osama003/CS50-SQL", "1d6d1d7bb15a123ff6fb171b0d2a87cb425de7b8"),  # 1- Relating/dese: 13 files
    Repo("AudriusJuknevicius/CS50-SQL-Problem-Sets", "0f9948a44f7940152df1c9e316e57b9c1803900c"),  # CS50 SQL/dese: 13 files
    Repo("Avipatel1/cs50-SQL", "1043543daafd29db686766eb93e09690376d06be"),  # dese: 13 files
    Repo("Hassnaa9/SQL-CS50", "cbf645f8fe5a97c622a166a8f46fc7d86222a8d4"),  # dese: 13 files
    Repo("HelenaBoylen/CS50-SQL", "9bb1a0833a7675fc8a35d12ef56e9de0007b44c0"),  # dese: 13 files
    Repo("MaximeKELI/CS50SQL-HARVARD", "e6366c63dc4391d17d13ee5c02ac1f85ac982cef"),  # dese: 13 files
    Repo("Pinsoft2/Self-learning", "0463d9501262ad1e16272ef5f60f922cfdcac71a"),  # dese: 13 files
    Repo("Pravallikadintyala/CS50-s-Databases-with-SQL", "05411e18120f014bbe18894c7298d6673abf594d"),  # dese: 13 files
    Repo("RVSts/CS50_Solutions", "b88f3207b1930c97689daed854ea8bfd92fc1326"),  # dese: 13 files
    Repo("Tousif-Lakhani/Harvard_CS50_SQL_Course", "de5d8ba58817f9fd7ad0e3317d94d2c3902686e4"),  # dese: 13 files
    Repo("UcheWisdom/cs50_sql", "f68c416babc554028deade1c63f2ff1a4c81859c"),  # dese: 13 files
    Repo("Vane487/CS50_SQL", "52fa850212f6f013480c6f7ca367cadbbe07fecb"),  # Week 1/dese: 13 files
    Repo("aaryamahajan919/Introduction-to-databases-with-SQL-edX", "c054dfec903e6e66eb492fac6bbacfaf236f70b6"),  # dese: 13 files
    Repo("ahmed-mohamed-77/CS50-SQL", "ea2f7edca3172b570d8ae02dd5bf477f8c7322cb"),  # dese: 13 files
    Repo("asia-guzi/SQL", "5476d4768a051868efdbdb5ef5c69380bd3e59ba"),  # dese: 13 files
    Repo("baldipeter/CS50SQL", "92f43f6f7bc2a6ac07275ee4fa5a3916a2511824"),  # dese: 13 files
    Repo("borjaVilallonga/CS50-SQL", "65aa6c95d9451733b1024130d25a7af08332940b"),  # dese: 13 files
    Repo("e-jurvanen/SQL-coursework", "b08bd080351281668226cb47f073af5371c9f7f9"),  # dese: 13 files
    Repo("itsareebalatif/CS50-s-Introduction-to-Databases-with-SQL", "24cca4967ccb47a3206dbc9ec87a622542fbaf67"),  # dese: 13 files
    Repo("lisleitora/CS50", "9dcd668143c2d7c8aac41fc09dd8480578a7647b"),  # dese: 13 files
    Repo("meiatef066/CS50-s-Introduction-to-Databases-with-SQL", "51fd1e38afcb63b497456447c8ab8a32b4071dad"),  # dese: 13 files
    Repo("pagrochowski/CS50_SQL", "3ec327b4ce2d85c50a7c611263dedbdb6839f84c"),  # dese: 13 files
    Repo("pedrofvgomes/cs50sql", "b3a8f25079fdb30402dddcacdfd61fa454afb09c"),  # dese: 13 files
    Repo("rafkrawczyk/CS-50-SQL", "0d1e4a9b41d098ce0c8190fa34984379a88278d6"),  # week.2/dese: 13 files
    Repo("rgnldpbls/cs50-db", "3e70e01af3944c27c157a43f61e4eff19815c062"),  # dese: 13 files
    Repo("shivang1209-dot/CS50SQL", "b262c614431192e9d5617bea5260e92d108fa430"),  # pset1/dese: 13 files
    Repo("trevdav1972/cs50-projects", "073e5f1ffddb304c621fd7dd69eab123a3c61771"),  # dese: 13 files
    Repo("tuandat-github/CS50-SQL", "53ae1c44edc55258e9d556a381e0569f68cf9618"),  # dese: 13 files
    ],
)
