"""CS50's Introduction to Databases with SQL, problem set "Views": students' answers."""
from __future__ import annotations

from realworld.source import Question, Repo, Source, db_from_snapshot, numbered_files
from realworld.sources._cs50 import LICENCE

DB = Repo("27medMo7sen/Harvard-CS50-SQL-Course", "c8265716b9413f8d656560cc4567db04bd48a2d0")
Q = [
    Question("1", "list, side by side, the Japanese title and the English title for each print, the Japanese title "
             "first", "SELECT japanese_title, english_title FROM views"),
    Question("2", "list the average colors of prints by Hokusai that include \"river\" in the English title",
             "SELECT average_color FROM views WHERE artist = 'Hokusai' AND english_title LIKE '%river%'"),
    Question("3", "count how many prints by Hokusai include \"Fuji\" in the English title",
             "SELECT COUNT(*) FROM views WHERE artist = 'Hokusai' AND english_title LIKE '%Fuji%'"),
    Question("4", "count how many prints by Hiroshige have English titles that refer to the \"Eastern Capital\"",
             "SELECT COUNT(*) FROM views WHERE artist = 'Hiroshige' AND english_title LIKE '%Eastern Capital%'"),
    Question("5", "find the highest contrast value of prints by Hokusai, in a column named \"Maximum Contrast\"",
             "SELECT MAX(contrast) AS \"Maximum Contrast\" FROM views WHERE artist = 'Hokusai'"),
    Question("6", "find the average entropy of prints by Hiroshige, rounded to two decimal places, in a column "
             "named \"Hiroshige Average Entropy\"",
             "SELECT ROUND(AVG(entropy), 2) AS \"Hiroshige Average Entropy\" FROM views WHERE artist = 'Hiroshige'"),
    Question("7", "list the English titles of the 5 brightest prints by Hiroshige, from most to least bright",
             "SELECT english_title FROM views WHERE artist = 'Hiroshige' ORDER BY brightness DESC LIMIT 5",
             ordered=True),
    Question("8", "list the English titles of the 5 prints with the least contrast by Hokusai, from least to highest "
             "contrast", "SELECT english_title FROM views WHERE artist = 'Hokusai' ORDER BY contrast LIMIT 5",
             ordered=True),
    Question("9", "find the English title and artist of the print with the highest brightness",
             "SELECT english_title, artist FROM views WHERE brightness = (SELECT MAX(brightness) FROM views)"),
]

SOURCE = Source(
    key="cs50sql_views",
    title="CS50 SQL problem set Views: students' answers",
    url="https://cs50.harvard.edu/sql/2024/psets/0/views/",
    licence=LICENCE,
    engine="sqlite",
    questions=Q,
    build_db=db_from_snapshot(DB, "views/views.db", "views.db"),
    extract=numbered_files(r"(?i)(^|/|-)views$"),
    repos=[
    Repo("27medMo7sen/Harvard-CS50-SQL-Course", "c8265716b9413f8d656560cc4567db04bd48a2d0"),  # views: 10 files
    Repo("Ahmed-Osama003/CS50-SQL", "1d6d1d7bb15a123ff6fb171b0d2a87cb425de7b8"),  # 0-Querying/views: 10 files
    Repo("Avipatel1/cs50-SQL", "1043543daafd29db686766eb93e09690376d06be"),  # views: 10 files
    Repo("Dengekin/cs50_SQL", "cbed0dd3076a9371ebe1e8f6555ec152335f49c5"),  # views: 10 files
    Repo("Harshit-Kotecha/CS50_SQL", "8ee776e301a0e79afa072f1fc5b71130e6c536a4"),  # views: 10 files
    Repo("Hassnaa9/SQL-CS50", "cbf645f8fe5a97c622a166a8f46fc7d86222a8d4"),  # views: 10 files
    Repo("HelenaBoylen/CS50-SQL", "9bb1a0833a7675fc8a35d12ef56e9de0007b44c0"),  # views: 10 files
    Repo("LochanJangid/CS50-SQL-Problem-Solutions", "792df31736effc17411d17ee3db203105f002f88"),  # views: 10 files
    Repo("MaximeKELI/CS50SQL-HARVARD", "e6366c63dc4391d17d13ee5c02ac1f85ac982cef"),  # views: 10 files
    Repo("Pinsoft2/Self-learning", "0463d9501262ad1e16272ef5f60f922cfdcac71a"),  # views: 10 files
    Repo("RVSts/CS50_Solutions", "b88f3207b1930c97689daed854ea8bfd92fc1326"),  # views: 10 files
    Repo("Shiyx27/CS50-sIntroductiontoDatabaseswithSQL", "b0bbbab9e88cdf3e9d7ab43b683fcebd140156f3"),  # views: 10 files
    Repo("Tousif-Lakhani/Harvard_CS50_SQL_Course", "de5d8ba58817f9fd7ad0e3317d94d2c3902686e4"),  # views: 10 files
    Repo("UcheWisdom/cs50_sql", "f68c416babc554028deade1c63f2ff1a4c81859c"),  # views: 10 files
    Repo("Vane487/CS50_SQL", "52fa850212f6f013480c6f7ca367cadbbe07fecb"),  # Week 0/views: 10 files
    Repo("aaryamahajan919/Introduction-to-databases-with-SQL-edX", "c054dfec903e6e66eb492fac6bbacfaf236f70b6"),  # views: 10 files
    Repo("aftab1038/CS50_SQL", "82c68e8581eecc6db22c7d15520ef97b103a8151"),  # views: 10 files
    Repo("ahmed-mohamed-77/CS50-SQL", "ea2f7edca3172b570d8ae02dd5bf477f8c7322cb"),  # views: 10 files
    Repo("e-jurvanen/SQL-coursework", "b08bd080351281668226cb47f073af5371c9f7f9"),  # views: 10 files
    Repo("itsareebalatif/CS50-s-Introduction-to-Databases-with-SQL", "24cca4967ccb47a3206dbc9ec87a622542fbaf67"),  # views: 10 files
    Repo("lisleitora/CS50", "9dcd668143c2d7c8aac41fc09dd8480578a7647b"),  # views: 10 files
    Repo("mattdoescode/cs50-SQL", "ac263738f6250d3f4a49f4933149f84b2252ca9d"),  # Homework-2-Views: 10 files
    Repo("meiatef066/CS50-s-Introduction-to-Databases-with-SQL", "51fd1e38afcb63b497456447c8ab8a32b4071dad"),  # views: 10 files
    Repo("pedrofvgomes/cs50sql", "b3a8f25079fdb30402dddcacdfd61fa454afb09c"),  # views: 10 files
    Repo("rafkrawczyk/CS-50-SQL", "0d1e4a9b41d098ce0c8190fa34984379a88278d6"),  # week.1/views: 10 files
    Repo("rgnldpbls/cs50-db", "3e70e01af3944c27c157a43f61e4eff19815c062"),  # views: 10 files
    Repo("shaydav1/CS50.Introduction-to-Databases-with-SQL", "8dfe87885b2087018ec6559921fd0e15573e5963"),  # 1.Querying/views: 10 files
    Repo("shivang1209-dot/CS50SQL", "b262c614431192e9d5617bea5260e92d108fa430"),  # pset0/views: 10 files
    Repo("trevdav1972/cs50-projects", "073e5f1ffddb304c621fd7dd69eab123a3c61771"),  # views: 10 files
    Repo("tuandat-github/CS50-SQL", "53ae1c44edc55258e9d556a381e0569f68cf9618"),  # views: 10 files
    ],
)
