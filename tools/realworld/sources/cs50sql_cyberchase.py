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
    Repo("AMR856/CS50-SQL", "04bd157b24124a3a413ee72845c7479d42cb8fe3"),  # cyberchase: 13 files
    Repo("Abanoub-attia/solutions-of-cs50sql-course-problem-sets", "bb86a13c0adb19285b45c884dfb3bdf96659e715"),  # pset0/cyberchase: 13 files
    Repo("AbdessamadABIDAOUI/CS50", "6835ce59aacf7032f9b3f7d35bf76dd865fe11f0"),  # cyberchase: 13 files
    Repo("Ahmed-Osama003/CS50-SQL", "1d6d1d7bb15a123ff6fb171b0d2a87cb425de7b8"),  # 0-Querying/Cyberchase: 13 files
    Repo("AleksandrPy/database-crash-course", "85aade35cd25f8fa6123fea1f64dbf9e13e0df1b"),  # cyberchase: 12 files
    Repo("AnastasiaT18/CS50-s-Introduction-to-Databases-with-SQL", "77c4d1f02b39ba1e8a0bb2f91c5c5067badb1014"),  # cyberchase: 13 files
    Repo("AudriusJuknevicius/CS50-SQL-Problem-Sets", "0f9948a44f7940152df1c9e316e57b9c1803900c"),  # CS50 SQL/cyberchase: 13 files
    Repo("Avipatel1/cs50-SQL", "1043543daafd29db686766eb93e09690376d06be"),  # cyberchase: 13 files
    Repo("BrunoMP22/sql-analytics-lab", "5d5d8a69caac5ecd12972f2b0dc46ff7a1bf93fb"),  # cyberchase: 13 files
    Repo("Crowsford/cs50-sql", "42bd904f8f895d3c9c13ad80e99a0e76d9ceefef"),  # cyberchase: 13 files
    Repo("Dengekin/cs50_SQL", "cbed0dd3076a9371ebe1e8f6555ec152335f49c5"),  # cyberchase: 13 files
    Repo("Franklin-Griffin/Completed-CS50sql-Assignments", "6d5a252e8b33a8757d0d02cf01cf6041167d06ea"),  # cyberchase: 13 files
    Repo("Harshit-Kotecha/CS50_SQL", "8ee776e301a0e79afa072f1fc5b71130e6c536a4"),  # cyberchase: 13 files
    Repo("Harshr24/CS50_SQL_Project", "9a9a15734d68f739e49a4b77f01eaf7d05c06498"),  # cyberchase: 13 files
    Repo("Hassnaa9/SQL-CS50", "cbf645f8fe5a97c622a166a8f46fc7d86222a8d4"),  # cyberchase: 13 files
    Repo("HelenaBoylen/CS50-SQL", "9bb1a0833a7675fc8a35d12ef56e9de0007b44c0"),  # cyberchase: 13 files
    Repo("IosamaI/CS50SQL", "c6961c841d37c36d851496cc3a7db6941c9a6102"),  # cyberchase: 13 files
    Repo("JessicaSilnutzer/cs50-sql-portfolio", "2f45f53348afc0e81f2169816262bceafb1834f2"),  # cyberchase: 13 files
    Repo("Jo-988/cs50-SQL-wk0", "c05505eabdd090a98773466084924cd002d89337"),  # cyberchase: 13 files
    Repo("KnuxV/sql_cours1", "042451d4a465c4258c211bf0d335f8db93cb10d2"),  # cyberchase: 13 files
    Repo("LESdylan/DBMS", "301292f84aca81bf7f44714ba303190e1519887a"),  # cyberchase: 13 files
    Repo("LizaQebuladze/py", "a74a2093be4d33ae9c967f2fff076ebf1a836c9b"),  # cyberchase: 13 files
    Repo("LochanJangid/CS50-SQL-Problem-Solutions", "792df31736effc17411d17ee3db203105f002f88"),  # cyberchase: 13 files
    Repo("LuisContrerasGlz/SQL_Practice", "d185dfc0a93e03c2bb16a7bc6c20b96234a66b8a"),  # cyberchase: 13 files
    Repo("MaximeKELI/CS50SQL-HARVARD", "e6366c63dc4391d17d13ee5c02ac1f85ac982cef"),  # cyberchase: 13 files
    Repo("Md-Shariful-Alam-Bhuiyan/CS50-Python", "4435d80da10f8a726dde41a01965e518a5f8ddbc"),  # cyberchase: 15 files
    Repo("NMukrami/CS50sql", "9b4f8e7cd552feb6f279362613038096430feb13"),  # cyberchase: 13 files
    Repo("Pinsoft2/Self-learning", "0463d9501262ad1e16272ef5f60f922cfdcac71a"),  # cyberchase: 13 files
    Repo("Pravallikadintyala/CS50-s-Databases-with-SQL", "05411e18120f014bbe18894c7298d6673abf594d"),  # cyberchase: 13 files
    Repo("QI-Zzz/CS50-Introduction-to-Databases-with-SQL", "d3ef17a407132ac09c72162a0100933a78fd00df"),  # cyberchase: 13 files
    Repo("RVSts/CS50_Solutions", "b88f3207b1930c97689daed854ea8bfd92fc1326"),  # cyberchase: 13 files
    Repo("Shiyx27/CS50-sIntroductiontoDatabaseswithSQL", "b0bbbab9e88cdf3e9d7ab43b683fcebd140156f3"),  # cyberchase: 13 files
    Repo("TamunaChumbadze/SQL_Exercises", "003544442dbace13c71102839820c2e5b1f89f91"),  # cyberchase: 13 files
    Repo("Tousif-Lakhani/Harvard_CS50_SQL_Course", "de5d8ba58817f9fd7ad0e3317d94d2c3902686e4"),  # cyberchase: 15 files
    Repo("UcheWisdom/cs50_sql", "f68c416babc554028deade1c63f2ff1a4c81859c"),  # cyberchase: 13 files
    Repo("Vane487/CS50_SQL", "52fa850212f6f013480c6f7ca367cadbbe07fecb"),  # Week 0/cyberchase: 13 files
    Repo("VelichkinPetr/database-crash-course", "3b92cb75c8a7405de5032e5921eb4d18ef8149be"),  # cyberchase: 12 files
    Repo("Victor-268/SQL", "798071327ac7c1ae0b5f23191b7c51a4b8db4c3a"),  # cyberchase: 13 files
    Repo("a47225/cs50-sql-projects", "1b4f8177ea61dfd3b7bd8c4ccf615e890e130f6e"),  # cyberchase: 13 files
    Repo("aaryamahajan919/Introduction-to-databases-with-SQL-edX", "c054dfec903e6e66eb492fac6bbacfaf236f70b6"),  # cyberchase: 13 files
    Repo("abnercezar/CS50SQL", "985299ab1f64dfc23ff92533a14a74f2608168f1"),  # cyberchase: 13 files
    Repo("ademarcus89/Harvard_CS50_SQL", "21ae23b671452d148fcdd5318f3359f9eb42361d"),  # cyberchase: 13 files
    Repo("aftab1038/CS50_SQL", "82c68e8581eecc6db22c7d15520ef97b103a8151"),  # cyberchase: 13 files
    Repo("ahmed-mohamed-77/CS50-SQL", "ea2f7edca3172b570d8ae02dd5bf477f8c7322cb"),  # cyberchase: 13 files
    Repo("aka1Neto/CS50SQL", "cfe066c93b3f4ca168547f04e4793763fe01b789"),  # week0/cyberchase: 13 files
    Repo("arpharutyunyan/CS50SQL", "3b63ecc80c76854697b26744bcd997f11b7b4a60"),  # cyberchase: 13 files
    Repo("asia-guzi/SQL", "5476d4768a051868efdbdb5ef5c69380bd3e59ba"),  # cyberchase: 13 files
    Repo("aymane5554/cs50sql", "9ee59c33c87730f8f794f67629135bf6781a5bd8"),  # cyberchase: 13 files
    Repo("baldipeter/CS50SQL", "92f43f6f7bc2a6ac07275ee4fa5a3916a2511824"),  # cyberchase: 13 files
    Repo("balganov/courses", "f7e144295ed15cdb07a0c520edccb07f47d46aaa"),  # cs50sql/cyberchase: 13 files
    Repo("borjaVilallonga/CS50-SQL", "65aa6c95d9451733b1024130d25a7af08332940b"),  # cyberchase: 13 files
    Repo("cg030/CS50", "c779e7996b9a25f7fac27554b02ed9de59a3f7cc"),  # cyberchase: 15 files
    Repo("crodrigm2dev/sqlite_basic", "6d3fe10127369c29f599309c8f7403839bd4c102"),  # cyberchase: 13 files
    Repo("danielledavid/codepractice", "3563345ffd6f04e0d8b3bc25ac7eac6878e26e01"),  # cyberchase: 13 files
    Repo("devil-1964/sqlProblemSet", "18aae07727ebd07d38fc24f74961f5a3ea594a74"),  # cyberchase: 13 files
    Repo("dgoyzueta/cs50coding", "b053bd5fd1e65ab91e73a82e2af1113030ccbbb5"),  # cyberchase: 13 files
    Repo("e-jurvanen/SQL-coursework", "b08bd080351281668226cb47f073af5371c9f7f9"),  # cyberchase: 13 files
    Repo("elkati1/cs50-sql-practice", "56e6953b30614adc78f7cca7a5d13b994dcc10fc"),  # cyberchase: 13 files
    Repo("hardope/cs50-sql", "0edbf6f5c0026cf296768bcc1b29b64fc65da474"),  # cyberchase: 13 files
    Repo("itsareebalatif/CS50-s-Introduction-to-Databases-with-SQL", "24cca4967ccb47a3206dbc9ec87a622542fbaf67"),  # cyberchase: 13 files
    Repo("jcrossland87/CS50", "ac64143799d146af6d204be462c42720c4c29bb6"),  # cyberchase: 13 files
    Repo("kamilrasinski/cs50sql", "6f494d1b9012780a9633c6ed2db5d4fc778b5d19"),  # cyberchase: 13 files
    Repo("kirichenko87/database-crash-course", "74fd0c70cfca6762867ece862f5fafa8334e8258"),  # cyberchase: 12 files
    Repo("krishna-sharmaa/CS50-s-Introduction-to-Databases-with-SQL", "7cbec35f8347d329667a7772315a1c44eff4453a"),  # cyberchase: 13 files
    Repo("lisleitora/CS50", "9dcd668143c2d7c8aac41fc09dd8480578a7647b"),  # cyberchase: 13 files
    Repo("mattdoescode/cs50-SQL", "ac263738f6250d3f4a49f4933149f84b2252ca9d"),  # Homework-1-cyberchase: 13 files
    Repo("meiatef066/CS50-s-Introduction-to-Databases-with-SQL", "51fd1e38afcb63b497456447c8ab8a32b4071dad"),  # cyberchase: 13 files
    Repo("mouda4d/CS50", "828e04f7aada28e481b6bed44b77652eef877e53"),  # cyberchase: 13 files
    Repo("nestortada/Base-De-Datos", "e4910f396a391b360738c3bd75f573721ea615e3"),  # cyberchase: 13 files
    Repo("nikoskiritsis/CS50-Introduction-To-Databases-with-SQL-Assignments", "109298c8fb7f4d2418787ae8d75231f937062ef0"),  # cyberchase: 13 files
    Repo("pagrochowski/CS50_SQL", "3ec327b4ce2d85c50a7c611263dedbdb6839f84c"),  # cyberchase: 13 files
    Repo("pedrofvgomes/cs50sql", "b3a8f25079fdb30402dddcacdfd61fa454afb09c"),  # cyberchase: 13 files
    Repo("rafkrawczyk/CS-50-SQL", "0d1e4a9b41d098ce0c8190fa34984379a88278d6"),  # week.1/cyberchase: 14 files
    Repo("raviteja-112/CS50_SQL", "3a684dd912ac222bf8d63ec9d69cb062f33962de"),  # cyberchase: 13 files
    Repo("rgnldpbls/cs50-db", "3e70e01af3944c27c157a43f61e4eff19815c062"),  # cyberchase: 13 files
    Repo("robertoramirezVU/CS50_Intro_To_Databases", "5c23b4cc293413b34e30fb7b25b9a9fb7ba0207e"),  # cyberchase: 13 files
    Repo("shaydav1/CS50.Introduction-to-Databases-with-SQL", "8dfe87885b2087018ec6559921fd0e15573e5963"),  # 1.Querying/cyberchase: 13 files
    Repo("shivang1209-dot/CS50SQL", "b262c614431192e9d5617bea5260e92d108fa430"),  # pset0/cyberchase: 13 files
    Repo("stroliks/database-crash-course", "18f8ca6279083e640d0ab61048dbcb6bcdd33552"),  # cyberchase: 12 files
    Repo("trevdav1972/cs50-projects", "073e5f1ffddb304c621fd7dd69eab123a3c61771"),  # cyberchase: 13 files
    Repo("tuandat-github/CS50-SQL", "53ae1c44edc55258e9d556a381e0569f68cf9618"),  # cyberchase: 13 files
    Repo("yayatigithub/CS50-SQL-PROBLEM-SET-0", "f9b36bd2c7a52cb24744d1ed169255633b3da690"),  # cyberchase: 13 files
    ],
)
