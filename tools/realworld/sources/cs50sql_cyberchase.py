"""CS50's Introduction to Databases with SQL, problem set 0 "Cyberchase" (one table of PBS episodes)."""
from __future__ import annotations

from realworld.source import Question, Repo, Source, db_from_snapshot, numbered_files
from realworld.sources._cs50 import LICENCE

DB = Repo("Pinsoft2/Self-learning", "0463d9501262ad1e16272ef5f60f922cfdcac71a")
Q = [
    Question("1", "list the titles of all episodes in Cyberchase's original season, Season 1",
             "SELECT title FROM episodes WHERE season = 1"),
    Question("2", "list the season number of, and title of, the first episode of every season",
             "SELECT season, title FROM episodes WHERE episode_in_season = 1"),
    Question("3", "find the production code for the episode \"Hackerized!\"",
             "SELECT production_code FROM episodes WHERE title = 'Hackerized!'"),
    Question("4", "find the titles of episodes that do not yet have a listed topic",
             "SELECT title FROM episodes WHERE topic IS NULL"),
    Question("5", "find the title of the holiday episode that aired on December 31st, 2004",
             "SELECT title FROM episodes WHERE air_date = '2004-12-31'"),
    Question("6", "list the titles of episodes from season 6 (2008) that were released early, in 2007",
             "SELECT title FROM episodes WHERE season = 6 AND air_date BETWEEN '2007-01-01' AND '2007-12-31'"),
    Question("7", "list the titles and topics of all episodes teaching fractions",
             "SELECT title, topic FROM episodes WHERE topic LIKE '%fraction%'"),
    Question("8", "count the number of episodes released in the last 6 years, from 2018 to 2023, inclusive",
             "SELECT COUNT(*) FROM episodes WHERE air_date BETWEEN '2018-01-01' AND '2023-12-31'"),
    Question("9", "count the number of episodes released in Cyberchase's first 6 years, from 2002 to 2007, inclusive",
             "SELECT COUNT(*) FROM episodes WHERE air_date BETWEEN '2002-01-01' AND '2007-12-31'"),
    Question("10", "list the ids, titles, and production codes of all episodes, ordered by production code from "
             "earliest to latest", "SELECT id, title, production_code FROM episodes ORDER BY production_code",
             ordered=True),
    Question("11", "list the titles of episodes from season 5, in reverse alphabetical order",
             "SELECT title FROM episodes WHERE season = 5 ORDER BY title DESC", ordered=True),
    Question("12", "count the number of unique episode titles", "SELECT COUNT(DISTINCT title) FROM episodes"),
]

SOURCE = Source(
    key="cs50sql_cyberchase",
    title="CS50 SQL pset 0 Cyberchase: students' answers",
    url="https://cs50.harvard.edu/sql/2024/psets/0/cyberchase/",
    licence=LICENCE,
    engine="sqlite",
    questions=Q,
    build_db=db_from_snapshot(DB, "cyberchase/cyberchase.db", "cyberchase.db"),
    extract=numbered_files(r"(?i)(^|/|-)cyberchase$"),
    repos=[
    Repo("27medMo7sen/Harvard-CS50-SQL-Course", "c8265716b9413f8d656560cc4567db04bd48a2d0"),  # cyberchase: 13 files
    Repo("Ahmed-Osama003/CS50-SQL", "1d6d1d7bb15a123ff6fb171b0d2a87cb425de7b8"),  # 0-Querying/Cyberchase: 13 files
    Repo("AudriusJuknevicius/CS50-SQL-Problem-Sets", "0f9948a44f7940152df1c9e316e57b9c1803900c"),  # CS50 SQL/cyberchase: 13 files
    Repo("Avipatel1/cs50-SQL", "1043543daafd29db686766eb93e09690376d06be"),  # cyberchase: 13 files
    Repo("Dengekin/cs50_SQL", "cbed0dd3076a9371ebe1e8f6555ec152335f49c5"),  # cyberchase: 13 files
    Repo("Harshit-Kotecha/CS50_SQL", "8ee776e301a0e79afa072f1fc5b71130e6c536a4"),  # cyberchase: 13 files
    Repo("Hassnaa9/SQL-CS50", "cbf645f8fe5a97c622a166a8f46fc7d86222a8d4"),  # cyberchase: 13 files
    Repo("HelenaBoylen/CS50-SQL", "9bb1a0833a7675fc8a35d12ef56e9de0007b44c0"),  # cyberchase: 13 files
    Repo("JessicaSilnutzer/cs50-sql-portfolio", "2f45f53348afc0e81f2169816262bceafb1834f2"),  # cyberchase: 13 files
    Repo("LochanJangid/CS50-SQL-Problem-Solutions", "792df31736effc17411d17ee3db203105f002f88"),  # cyberchase: 13 files
    Repo("MaximeKELI/CS50SQL-HARVARD", "e6366c63dc4391d17d13ee5c02ac1f85ac982cef"),  # cyberchase: 13 files
    Repo("Pinsoft2/Self-learning", "0463d9501262ad1e16272ef5f60f922cfdcac71a"),  # cyberchase: 13 files
    Repo("Pravallikadintyala/CS50-s-Databases-with-SQL", "05411e18120f014bbe18894c7298d6673abf594d"),  # cyberchase: 13 files
    Repo("RVSts/CS50_Solutions", "b88f3207b1930c97689daed854ea8bfd92fc1326"),  # cyberchase: 13 files
    Repo("Shiyx27/CS50-sIntroductiontoDatabaseswithSQL", "b0bbbab9e88cdf3e9d7ab43b683fcebd140156f3"),  # cyberchase: 13 files
    Repo("Tousif-Lakhani/Harvard_CS50_SQL_Course", "de5d8ba58817f9fd7ad0e3317d94d2c3902686e4"),  # cyberchase: 15 files
    Repo("UcheWisdom/cs50_sql", "f68c416babc554028deade1c63f2ff1a4c81859c"),  # cyberchase: 13 files
    Repo("Vane487/CS50_SQL", "52fa850212f6f013480c6f7ca367cadbbe07fecb"),  # Week 0/cyberchase: 13 files
    Repo("aaryamahajan919/Introduction-to-databases-with-SQL-edX", "c054dfec903e6e66eb492fac6bbacfaf236f70b6"),  # cyberchase: 13 files
    Repo("ademarcus89/Harvard_CS50_SQL", "21ae23b671452d148fcdd5318f3359f9eb42361d"),  # cyberchase: 13 files
    Repo("aftab1038/CS50_SQL", "82c68e8581eecc6db22c7d15520ef97b103a8151"),  # cyberchase: 13 files
    Repo("ahmed-mohamed-77/CS50-SQL", "ea2f7edca3172b570d8ae02dd5bf477f8c7322cb"),  # cyberchase: 13 files
    Repo("asia-guzi/SQL", "5476d4768a051868efdbdb5ef5c69380bd3e59ba"),  # cyberchase: 13 files
    Repo("baldipeter/CS50SQL", "92f43f6f7bc2a6ac07275ee4fa5a3916a2511824"),  # cyberchase: 13 files
    Repo("borjaVilallonga/CS50-SQL", "65aa6c95d9451733b1024130d25a7af08332940b"),  # cyberchase: 13 files
    Repo("e-jurvanen/SQL-coursework", "b08bd080351281668226cb47f073af5371c9f7f9"),  # cyberchase: 13 files
    Repo("itsareebalatif/CS50-s-Introduction-to-Databases-with-SQL", "24cca4967ccb47a3206dbc9ec87a622542fbaf67"),  # cyberchase: 13 files
    Repo("lisleitora/CS50", "9dcd668143c2d7c8aac41fc09dd8480578a7647b"),  # cyberchase: 13 files
    Repo("mattdoescode/cs50-SQL", "ac263738f6250d3f4a49f4933149f84b2252ca9d"),  # Homework-1-cyberchase: 13 files
    Repo("meiatef066/CS50-s-Introduction-to-Databases-with-SQL", "51fd1e38afcb63b497456447c8ab8a32b4071dad"),  # cyberchase: 13 files
    Repo("pagrochowski/CS50_SQL", "3ec327b4ce2d85c50a7c611263dedbdb6839f84c"),  # cyberchase: 13 files
    Repo("pedrofvgomes/cs50sql", "b3a8f25079fdb30402dddcacdfd61fa454afb09c"),  # cyberchase: 13 files
    Repo("rafkrawczyk/CS-50-SQL", "0d1e4a9b41d098ce0c8190fa34984379a88278d6"),  # week.1/cyberchase: 14 files
    Repo("rgnldpbls/cs50-db", "3e70e01af3944c27c157a43f61e4eff19815c062"),  # cyberchase: 13 files
    Repo("robertoramirezVU/CS50_Intro_To_Databases", "5c23b4cc293413b34e30fb7b25b9a9fb7ba0207e"),  # cyberchase: 13 files
    Repo("shaydav1/CS50.Introduction-to-Databases-with-SQL", "8dfe87885b2087018ec6559921fd0e15573e5963"),  # 1.Querying/cyberchase: 13 files
    Repo("shivang1209-dot/CS50SQL", "b262c614431192e9d5617bea5260e92d108fa430"),  # pset0/cyberchase: 13 files
    Repo("trevdav1972/cs50-projects", "073e5f1ffddb304c621fd7dd69eab123a3c61771"),  # cyberchase: 13 files
    Repo("tuandat-github/CS50-SQL", "53ae1c44edc55258e9d556a381e0569f68cf9618"),  # cyberchase: 13 files
    ],
)
