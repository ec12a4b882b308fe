"""CS50's Introduction to Databases with SQL, problem set "Players": students' answers.

Questions 3 and 7 follow CS50's published wording (the ids of rows with no debut; right-handed batters who
throw left-handed "or vice versa"), which the answers show the students had; a teacher's copy of the README
(env3d/sqlite-dataset-collection) words them otherwise."""
from __future__ import annotations

from realworld.source import Question, Repo, Source, db_from_snapshot, numbered_files
from realworld.sources._cs50 import LICENCE

DB = Repo("27medMo7sen/Harvard-CS50-SQL-Course", "c8265716b9413f8d656560cc4567db04bd48a2d0")
Q = [
    Question("1", "find the hometown (including city, state, and country) of Jackie Robinson",
             "SELECT birth_city, birth_state, birth_country FROM players "
             "WHERE first_name = 'Jackie' AND last_name = 'Robinson'"),
    Question("2", "find the side (e.g., right or left) Babe Ruth hit (i.e. the bats field)",
             "SELECT bats FROM players WHERE first_name = 'Babe' AND last_name = 'Ruth'"),
    Question("3", "find the ids of rows for which a value in the column debut is missing",
             "SELECT id FROM players WHERE debut IS NULL"),
    Question("4", "find the first and last names of players who were not born in the United States, sorted in "
             "ascending alphabetical order by first name, then by last name",
             "SELECT first_name, last_name FROM players WHERE birth_country != 'USA' ORDER BY first_name, last_name",
             ordered=True),
    Question("5", "return the first and last names of all right-handed batters, sorted in ascending alphabetical "
             "order by first name, then by last name",
             "SELECT first_name, last_name FROM players WHERE bats = 'R' ORDER BY first_name, last_name", ordered=True),
    Question("6", "return the first name, last name, and debut date of players born in Pittsburgh, Pennsylvania "
             "(PA), sorted first by debut date from most recent to oldest, then alphabetically by first name, then "
             "by last name",
             "SELECT first_name, last_name, debut FROM players WHERE birth_city = 'Pittsburgh' AND birth_state = 'PA' "
             "ORDER BY debut DESC, first_name, last_name", ordered=True),
    Question("7", "count the number of players who bat (or batted) right-handed and throw (or threw) left-handed, "
             "or vice versa",
             "SELECT COUNT(*) FROM players WHERE (bats = 'R' AND throws = 'L') OR (bats = 'L' AND throws = 'R')"),
    Question("8", "find the average height and weight, rounded to two decimal places, of baseball players who "
             "debuted on or after January 1st, 2000, as columns named \"Average Height\" and \"Average Weight\"",
             "SELECT ROUND(AVG(height), 2) AS \"Average Height\", ROUND(AVG(weight), 2) AS \"Average Weight\" "
             "FROM players WHERE debut >= '2000-01-01'"),
    Question("9", "find the players who played their final game in the MLB in 2022, sorted alphabetically by first "
             "name, then by last name",
             "SELECT first_name, last_name FROM players WHERE final_game LIKE '2022-%' ORDER BY first_name, last_name",
             ordered=True),
]

SOURCE = Source(
    key="cs50sql_players",
    title="CS50 SQL problem set Players: students' answers",
    url="https://cs50.harvard.edu/sql/2024/psets/0/players/",
    licence=LICENCE,
    engine="sqlite",
    questions=Q,
    build_db=db_from_snapshot(DB, "players/players.db", "players.db"),
    extract=numbered_files(r"(?i)(^|/|-)players$"),
    repos=[
    Repo("27medMo7sen/Harvard-CS50-SQL-Course", "c8265716b9413f8d656560cc4567db04bd48a2d0"),  # players: 10 files
    Repo("Ahmed-Osama003/CS50-SQL", "1d6d1d7bb15a123ff6fb171b0d2a87cb425de7b8"),  # 0-Querying/Players: 10 files
    Repo("AudriusJuknevicius/CS50-SQL-Problem-Sets", "0f9948a44f7940152df1c9e316e57b9c1803900c"),  # CS50 SQL/players: 10 files
    Repo("Avipatel1/cs50-SQL", "1043543daafd29db686766eb93e09690376d06be"),  # players: 10 files
    Repo("Dengekin/cs50_SQL", "cbed0dd3076a9371ebe1e8f6555ec152335f49c5"),  # players: 10 files
    Repo("Harshit-Kotecha/CS50_SQL", "8ee776e301a0e79afa072f1fc5b71130e6c536a4"),  # players: 11 files
    Repo("Hassnaa9/SQL-CS50", "cbf645f8fe5a97c622a166a8f46fc7d86222a8d4"),  # players: 10 files
    Repo("HelenaBoylen/CS50-SQL", "9bb1a0833a7675fc8a35d12ef56e9de0007b44c0"),  # players: 10 files
    Repo("JessicaSilnutzer/cs50-sql-portfolio", "2f45f53348afc0e81f2169816262bceafb1834f2"),  # players: 10 files
    Repo("MaximeKELI/CS50SQL-HARVARD", "e6366c63dc4391d17d13ee5c02ac1f85ac982cef"),  # players: 10 files
    Repo("Pinsoft2/Self-learning", "0463d9501262ad1e16272ef5f60f922cfdcac71a"),  # players: 10 files
    Repo("Pravallikadintyala/CS50-s-Databases-with-SQL", "05411e18120f014bbe18894c7298d6673abf594d"),  # players: 10 files
    Repo("RVSts/CS50_Solutions", "b88f3207b1930c97689daed854ea8bfd92fc1326"),  # players: 10 files
    Repo("Shiyx27/CS50-sIntroductiontoDatabaseswithSQL", "b0bbbab9e88cdf3e9d7ab43b683fcebd140156f3"),  # players: 10 files
    Repo("Tousif-Lakhani/Harvard_CS50_SQL_Course", "de5d8ba58817f9fd7ad0e3317d94d2c3902686e4"),  # players: 11 files
    Repo("UcheWisdom/cs50_sql", "f68c416babc554028deade1c63f2ff1a4c81859c"),  # players: 10 files
    Repo("Vane487/CS50_SQL", "52fa850212f6f013480c6f7ca367cadbbe07fecb"),  # Week 0/players: 10 files
    Repo("aaryamahajan919/Introduction-to-databases-with-SQL-edX", "c054dfec903e6e66eb492fac6bbacfaf236f70b6"),  # players: 10 files
    Repo("aftab1038/CS50_SQL", "82c68e8581eecc6db22c7d15520ef97b103a8151"),  # players: 10 files
    Repo("ahmed-mohamed-77/CS50-SQL", "ea2f7edca3172b570d8ae02dd5bf477f8c7322cb"),  # players: 10 files
    Repo("asia-guzi/SQL", "5476d4768a051868efdbdb5ef5c69380bd3e59ba"),  # players: 10 files
    Repo("baldipeter/CS50SQL", "92f43f6f7bc2a6ac07275ee4fa5a3916a2511824"),  # players: 10 files
    Repo("borjaVilallonga/CS50-SQL", "65aa6c95d9451733b1024130d25a7af08332940b"),  # players: 10 files
    Repo("e-jurvanen/SQL-coursework", "b08bd080351281668226cb47f073af5371c9f7f9"),  # players: 10 files
    Repo("itsareebalatif/CS50-s-Introduction-to-Databases-with-SQL", "24cca4967ccb47a3206dbc9ec87a622542fbaf67"),  # players: 10 files
    Repo("lisleitora/CS50", "9dcd668143c2d7c8aac41fc09dd8480578a7647b"),  # players: 10 files
    Repo("meiatef066/CS50-s-Introduction-to-Databases-with-SQL", "51fd1e38afcb63b497456447c8ab8a32b4071dad"),  # players: 10 files
    Repo("pagrochowski/CS50_SQL", "3ec327b4ce2d85c50a7c611263dedbdb6839f84c"),  # players: 10 files
    Repo("pedrofvgomes/cs50sql", "b3a8f25079fdb30402dddcacdfd61fa454afb09c"),  # players: 10 files
    Repo("rgnldpbls/cs50-db", "3e70e01af3944c27c157a43f61e4eff19815c062"),  # players: 10 files
    Repo("shaydav1/CS50.Introduction-to-Databases-with-SQL", "8dfe87885b2087018ec6559921fd0e15573e5963"),  # 1.Querying/players: 10 files
    Repo("shivang1209-dot/CS50SQL", "b262c614431192e9d5617bea5260e92d108fa430"),  # pset0/players: 10 files
    Repo("trevdav1972/cs50-projects", "073e5f1ffddb304c621fd7dd69eab123a3c61771"),  # players: 10 files
    Repo("tuandat-github/CS50-SQL", "53ae1c44edc55258e9d556a381e0569f68cf9618"),  # players: 10 files
    ],
)
