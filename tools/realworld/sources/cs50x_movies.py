"""CS50x (Introduction to Computer Science), problem set 7 "Movies": students' answers, judged on the small
database CS50's own checker uses (cs50/problems, branch 2024/x, movies/movies.db: 61 movies; its expected
results, in movies/__init__.py, agree with the references here). Question 12 changed between editions (Johnny
Depp and Helena Bonham Carter until 2022, Bradley Cooper and Jennifer Lawrence after): the answer's text says
which edition it answers. AdonaiVA/CS50's movies folder answers another schema (tables roles, directing) and is
left out."""
from __future__ import annotations

import re

from realworld.source import Answer, Question, Repo, Source, db_from_snapshot, numbered_files
from realworld.sources._cs50 import LICENCE

DB = Repo("cs50/problems", "b065bd94ab8ed21ed9fa9fc2fb7d6a3b22382528")  # branch 2024/x


def _both(a: str, b: str) -> str:
    star = "SELECT movie_id FROM stars JOIN people ON people.id = stars.person_id WHERE people.name = '{}'"
    return f"SELECT title FROM movies WHERE id IN ({star.format(a)}) AND id IN ({star.format(b)})"


_BACON = "(SELECT id FROM people WHERE name = 'Kevin Bacon' AND birth = 1958)"
Q = [
    Question("1", "list the titles of all movies released in 2008", "SELECT title FROM movies WHERE year = 2008"),
    Question("2", "determine the birth year of Emma Stone", "SELECT birth FROM people WHERE name = 'Emma Stone'"),
    Question("3", "list the titles of all movies with a release date on or after 2018, in alphabetical order",
             "SELECT title FROM movies WHERE year >= 2018 ORDER BY title", ordered=True),
    Question("4", "determine the number of movies with an IMDb rating of 10.0",
             "SELECT COUNT(*) FROM ratings WHERE rating = 10.0"),
    Question("5", "list the titles and release years of all Harry Potter movies, in chronological order",
             "SELECT title, year FROM movies WHERE title LIKE 'Harry Potter%' ORDER BY year", ordered=True),
    Question("6", "determine the average rating of all movies released in 2012",
             "SELECT AVG(rating) FROM ratings JOIN movies ON movies.id = ratings.movie_id WHERE year = 2012"),
    Question("7", "list all movies released in 2010 and their ratings, in descending order by rating; movies with "
             "the same rating alphabetically by title",
             "SELECT title, rating FROM movies JOIN ratings ON ratings.movie_id = movies.id WHERE year = 2010 "
             "ORDER BY rating DESC, title", ordered=True),
    Question("8", "list the names of all people who starred in Toy Story",
             "SELECT name FROM people WHERE id IN (SELECT person_id FROM stars JOIN movies ON movies.id = "
             "stars.movie_id WHERE title = 'Toy Story')"),
    Question("9", "list the names of all people who starred in a movie released in 2004, ordered by birth year "
             "(each person once)",
             "SELECT name FROM people WHERE id IN (SELECT person_id FROM stars JOIN movies ON movies.id = "
             "stars.movie_id WHERE year = 2004) ORDER BY birth", ordered=True),
    Question("10", "list the names of all people who have directed a movie that received a rating of at least 9.0 "
             "(each person once)",
             "SELECT name FROM people WHERE id IN (SELECT person_id FROM directors JOIN ratings ON "
             "ratings.movie_id = directors.movie_id WHERE rating >= 9.0)"),
    Question("11", "list the titles of the five highest rated movies (in order) that Chadwick Boseman starred in, "
             "starting with the highest rated",
             "SELECT title FROM movies JOIN ratings ON ratings.movie_id = movies.id WHERE movies.id IN (SELECT "
             "movie_id FROM stars JOIN people ON people.id = stars.person_id WHERE name = 'Chadwick Boseman') "
             "ORDER BY rating DESC LIMIT 5", ordered=True),
    Question("12a", "list the titles of all movies in which both Johnny Depp and Helena Bonham Carter starred",
             _both("Johnny Depp", "Helena Bonham Carter")),
    Question("12b", "list the titles of all movies in which both Bradley Cooper and Jennifer Lawrence starred",
             _both("Bradley Cooper", "Jennifer Lawrence")),
    Question("13", "list the names of all people who starred in a movie in which Kevin Bacon (born 1958) also "
             "starred, Kevin Bacon himself excluded",
             f"SELECT name FROM people WHERE id IN (SELECT person_id FROM stars WHERE movie_id IN (SELECT movie_id "
             f"FROM stars WHERE person_id = {_BACON})) AND id != {_BACON}"),
]
_numbered = numbered_files(r"(?i)(^|/|-)movies$")


def extract(snap, source):
    """The numbered answers; 12.sql is 12a or 12b by the actors its text names."""
    probe = Source(**{**source.__dict__, "questions": [*source.questions, Question("12", "", "")]})
    for ans in _numbered(snap, probe):
        if ans.question == "12":
            if re.search(r"depp|bonham", ans.sql, re.I):
                yield Answer(ans.author, "12a", ans.sql, ans.origin)
            elif re.search(r"cooper|lawrence", ans.sql, re.I):
                yield Answer(ans.author, "12b", ans.sql, ans.origin)
            continue
        yield ans


SOURCE = Source(
    key="cs50x_movies",
    title="CS50x problem set 7 Movies: students' answers on CS50's check database",
    url="https://cs50.harvard.edu/x/2024/psets/7/movies/",
    licence=LICENCE,
    engine="sqlite",
    questions=Q,
    build_db=db_from_snapshot(DB, "movies/movies.db", "movies.db"),
    extract=extract,
    repos=[
    Repo("06oxlaf/CS50", "eba438e8d4293e02fc9eb88786570e64b9fb7ad9"),  # movies: 13 files
    Repo("0badran/CS50-Problem-sets", "54c19c2ef5bd44a7458b762c553ea013248f76ab"),  # movies: 13 files
    Repo("0ssamaak0/CS50X", "452c7a11e1ff6de3549b3a8d35aadc716694e807"),  # pset7/movies: 13 files
    Repo("0xUgochukwu/CS50---All-Problems-Sets-Solved", "0ec830df0991e6a030135fa21798604e3cb476a4"),  # Week 7/movies: 13 files
    Repo("0xYankee/cs50", "7e30aee0280ce4a2a7e0d216c1fe270afafb17b5"),  # week7/movies: 13 files
    Repo("0xjuaan/cs50", "a4e78db6d8fd78506dd20a7bb1fa79e5d38207f6"),  # Week 7/movies: 13 files
    Repo("0xkingmonke/cs50", "1f268f9663836e90db90f388cf31d59e5a4dabdb"),  # movies: 13 files
    Repo("100615056/CS50-2021-Problem-Sets", "3f288d0a11fca85815744286ad3ffaa9d77fead3"),  # movies: 13 files
    Repo("12458/cs50", "33b31ae494279ec900007827937c2bd80edaa4b6"),  # movies: 13 files
    Repo("13110r1sc4/CS50x-2024", "c2b62dc2c9020555882fbe4a096837aa970d2bc7"),  # SQL/movies: 13 files
    Repo("347743/HarvardX-CS50x", "3f4ac0caef8ed6bd51ef4b749ff30cd835eab488"),  # Week 7/movies: 13 files
    Repo("3vinicius/Harvard-CS50-s-Introduction-to-Computer-Science", "2f7104533b372e26d10db8a16c416c0bb99f4246"),  # movies: 13 files
    Repo("4925k/cs50_2021", "b3c9cdc15da77d2c8db868e737a6c80cc3075d49"),  # lab7/movies: 13 files
    Repo("5T4RDU57-01/CS50x", "43c3b80d5bf381f4160519f9703c5a08c2c32870"),  # Week 7/movies: 13 files
    Repo("7044lacaba/CS50", "61dc0758aa11e44e1da72dd7c409ee604960763d"),  # pset7/movies: 13 files
    Repo("84Zidac/CS50", "59b34785d37160537d2277d0af020130fcd0ec79"),  # movies: 13 files
    Repo("9kaisu9/CS50x", "5cd89a06166716f471e2a229959cf961a2dbba22"),  # week7/movies: 13 files
    Repo("A7anout/CS50X-2022", "dde2d735b71735d15401192bc255344050bbcd6a"),  # movies: 13 files
    Repo("A7med-Ma9dy/CS50MySolutions", "f08a0557a1bffcad124eacf843d87198b8f54b6d"),  # pset7/movies: 13 files
    Repo("ABOOAB/CS50", "4187ccec7267eac9b651fdb6bd22164a13205faa"),  # week7/movies: 13 files
    Repo("AI-MOO/CS50-2021", "47bdc725b59a8c25d514e47a11764d27e225b46d"),  # pset7/movies: 13 files
    Repo("ANS-UXI/CS50-s-Introduction-to-Computer-Science", "84731794e3bfe7afc69effb92caa49ce002741b2"),  # movies: 13 files
    Repo("Aarbocz/CS50-Projects", "54de5c6a7e8dfb2be44b717c9d4674d3a7672ec4"),  # pset7/movies: 13 files
    Repo("Abdelkader-lahmar/CS50-ProblemSets", "b1be5f2b3f95ee9ccfe5591bb65e297049b83179"),  # movies: 13 files
    Repo("Abdelkawy16/cs50-problems-2020", "5128ceca7d569d945a617773082c81166187ff91"),  # pset7/movies: 13 files
    Repo("Abisegan/CS50x-2024-Coursework", "82f5939b9f8accad61cb04d011b9a9148e307c9a"),  # movies: 13 files
    Repo("Aboidrees/CS50", "be013dc2c0b313e93d97e4c6a8bcbcd5a9ccd84c"),  # pset7/movies: 13 files
    Repo("AdamBenelcadi/CS50X_projects", "9dc140986765ab9865b148b9c4352d2989ea5374"),  # movies: 13 files
    Repo("Adel-Essam/CS50", "847f29d829a54ae63d7af7ef4294276252cc7215"),  # movies: 13 files
    Repo("AdnanValdes/practice", "5f066586cf7e9106b1a21a949a9531517670d5ab"),  # sql/pset7/movies: 13 files
    Repo("Aekardy/edx-cs50", "e22e832b50214cccfbd6b25c9bbfe3a0d2d669fa"),  # pset7/movies: 13 files
    Repo("Ah-Riz/CS50-s-Introduction-to-Computer-Science", "5151a22ce9f3d743f7f6db78c5f4c70f365394a5"),  # week7/movies: 13 files
    Repo("AhmadHatziq/cs50x", "22a10ace3305df2f627aad9f3dc0aa729e2e3126"),  # pset7/movies: 13 files
    Repo("AhmedMashali/cs50_2019", "c331369732ee6fd41a59a8bd3a88084e228c4462"),  # pset7/movies: 13 files
    Repo("Ahsan-Siddiqi/Harvard-CS50", "b32e34852299521f9c251cc51c47642d6640250f"),  # movies: 13 files
    Repo("AidPuska/cs50-code", "e05e987f680ea7082fabce10e2ca49de2caf9736"),  # movies: 13 files
    Repo("Aidas-Baublys/Harvard-s-CS50", "43373f6e63de1dbe157e0d23a6a6001822a5e02c"),  # movies: 13 files
    Repo("AiziNu/CS50-Projects", "c7dcd67840abd7f38d163accd61772d8414a7850"),  # movies: 13 files
    Repo("Ajingi1/CS50X", "8ae7ba43014c2c9b78fbb050b8c0194107e4fde7"),  # week7/movies: 13 files
    Repo("Akay999/cs50Problemsets", "0d32d86a30ef2dfdb94b42fc2ca11dd47b3279ea"),  # pset7/movies: 13 files
    Repo("Albertoocosta/CS50-Harvard", "11d2d62bb86bd78da32873b1106f54dcb04513f2"),  # movies: 13 files
    Repo("AlexNunezNova/CS50x", "bb82ce3e849630f16063900d97d51dc50f057c9f"),  # movies: 13 files
    Repo("Alexey3250/CS50_projects", "655bb13b7e121d6b6ce4c160e73f50d339599277"),  # movies: 13 files
    Repo("Ali-Rezk/CS50", "d8e2ebff9c056c1e20add490da8bed174bc476ae"),  # CS50/movies: 13 files
    Repo("AliMostafa0127/CS50-projects", "3c59581a305f783b576fe74ca7fbafcfb4e333f9"),  # movies: 13 files
    Repo("AlinaDragu/HARVARDX-CS50X", "3cfd6200b754d2e3557e0882c153c722af591fee"),  # movies: 13 files
    Repo("Aman25ta/cs50-psets-2020", "5b34ed8bb27d91b9dbd35b3844609d94367e49eb"),  # pset7/movies: 13 files
    Repo("Amination1/cs50", "59d039b45cb949d90e3521d8af7a03469518188e"),  # pset7/movies: 13 files
    Repo("AmrAli25/cs550", "a6ff243db5eb8c3668bc9b8d0640a68a5142f47e"),  # movies: 13 files
    Repo("Anant-K-Gupta/CS50", "04c6d46af9a97bf7f2bad373d6d8545f471190b2"),  # movies: 13 files
    Repo("AnanthIyer21/code50", "d455644dbc0c12fb0fbe5b52f595b7f91d7ee9fb"),  # movies: 13 files
    Repo("AncientSoup/CS50_2021", "62fbe15a6b93c3ac9416a22a7df30d64519fc9d7"),  # pset7/movies: 13 files
    Repo("Andre-Arante/CS50", "0ce4904d1fc27d955a61d7d7d8d199b02cbdbb0a"),  # pset7/movies: 13 files
    Repo("AndreaDiNapoli/CS50x", "4e576ec4a2a6b1f93581be60c0fb24eff0ceb7fb"),  # pset7/movies: 13 files
    Repo("Andrew-CC-Martin/cs50-psets", "d104f5604a327ef2361c15d2c6b4dbff8a277ed3"),  # pset7/movies: 13 files
    Repo("AndrewCasta/CS50x", "f262d886514ed3b5fd7cd0d391a796e1465d7ee4"),  # pset7/movies: 13 files
    Repo("AndrewH-14/CS50", "1cc139f76af14deaab5ab6f11a393a403c88f0b7"),  # pset7/movies: 13 files
    Repo("Andy-xiaokang/CS50", "473dc6e1baf2de2b80d3fec6fed05adb450e985c"),  # movies: 13 files
    Repo("AngeloPavone/CS50", "182d0d8f97e31350eecaeb4c4221f8347dec14bf"),  # movies: 13 files
    Repo("AnimeshKumar2710/cs50x", "58286aeb5c5015469778733cf0d0c378104dcc93"),  # pset7/movies: 13 files
    Repo("AnnaLindroos/CS50Projects", "ca10d6f987d3682c23bcc9980480ad22803cad26"),  # movies: 13 files
    Repo("Anshika15/cs50-Introduction-to-Computer-Science", "a567db4a74eb0eaf2a1a80b63250acd3fdb60092"),  # pset7/movies: 13 files
    Repo("Anshuman-cs50/CS50x-2024", "82f9f384a41782694c14981bba160461b861cf09"),  # movies: 13 files
    Repo("Anudeep02/CS50", "3f6a278f4972fd3a1bec2d5a1a39f2f472e51e94"),  # movies: 13 files
    Repo("AnuragGhatti/Anurag_CS50X_Coursework", "09129a43d084b9a06fe67949a5838cb37780aa37"),  # movies: 13 files
    Repo("ApolloPhantom/CS50x-Submissions", "ce8b0f0184a75d591669215199cd80669e0c6b2c"),  # movies: 13 files
    Repo("Aracho1/CS50", "90f2a7fcfccd204cb82228cdc15ff6d195f43494"),  # pset7/movies: 13 files
    Repo("AreejMazhar/CS50programs", "e9c4a2f0ae32d06922e97edfaa96f730e4d2ec65"),  # Week 7/movies: 13 files
    Repo("ArjunCodess/cs50_solutions", "167a99c412369b04449e6e13737894d865e9c133"),  # movies: 13 files
    Repo("Arleislc/CS50x", "6a7c3b5765346a734762fa981729a2dade3e964c"),  # pset7/movies: 13 files
    Repo("Arlind2200/harvard-cs50", "cea65011c6d210f0b9f1dbdf1bfbd7f094c940a2"),  # movies: 13 files
    Repo("Arnavgits/Arnav-cs50x", "99a692045a223b06edd7f9f7c0d50cedf345e7ae"),  # movies: 13 files
    Repo("ArthurVEROT/CS50-2022", "631fc94517f918d21f1bafd1e874bd453465c0d9"),  # week7/movies: 13 files
    Repo("Arulsubash/CS50x", "56adb5a573ae5d1aea00b44a840b4dc860430a06"),  # week7/movies: 13 files
    Repo("Aryan-Raina/CS50x", "d4c285ac077244cdb76757615003889bd109876d"),  # pset7/movies: 13 files
    Repo("Ashuza11/cs50-intro-couse", "2257fb6469d395869957e599856a0b5c6f436709"),  # python/pset7/movies: 13 files
    Repo("Asmblxer/CS50x-Problem-Set-Solutions", "cec4de3a9643e3de61fa05a73d6f7baebb886e3e"),  # week7/movies: 13 files
    Repo("AstridCaballero/CS50", "8cbcfade0722f62b40d1245b033b1e00bff2689e"),  # pset7/movies: 13 files
    Repo("At0m77/CS50X", "c31bb5c1903f893aeaec8f91cb13fe102545c2d1"),  # pset7/movies: 13 files
    Repo("Atabek786/cs50code", "b638c12e282f933b08057b3ce4bb7cc78319a599"),  # movies: 13 files
    Repo("Awasthi-Ram/Harvard-code", "8db246784f50e31dc1d2b9d1a0e77f650090357e"),  # pset7/movies: 13 files
    Repo("AyuPatidar/Harvard-Introduction-to-CS50", "23926743f50ba8a76a2bdb10010aa3c55bb8aa7e"),  # pset7/movies: 13 files
    Repo("Ayush-desaii/CS50X", "0e80e5823d6d0cc4a75709e2411ff3288275dbb2"),  # movies: 13 files
    Repo("Azwa32/CS50x", "4d5d80289b05ac7bc65f20941e21c3ced119a38a"),  # Week 7/movies: 13 files
    Repo("BK247/CS50-Projects", "6c6f259fc8ffedd388114b0d35afd9f10ae4b9ad"),  # movies: 13 files
    Repo("BTeeKay/CS50", "8685de44c79f3c36e07ca29b07b1ba4475425d07"),  # pset7/movies: 13 files
    Repo("BalooBio/CS50x", "9589cf6c1516b21d5345f91585ae33a930abe1e3"),  # week7/movies: 13 files
    Repo("Banny501/cs50", "d4fc9caa3d7bc1272d4c1ed3c839bbf77f9bbd1f"),  # pset7/movies: 13 files
    Repo("BaslaelWorkineh/CS50-Project-Answers", "e2afccefad80974b4bb51dbdc04309e144646729"),  # movies: 13 files
    Repo("Batievskiy/My-CS50-course", "e9f66c9de5f6798c2b77f78cf4621fc74930e516"),  # pset7/movies: 13 files
    Repo("BenThomasPvt/CS50-X", "5967400bb1e96de26f69bce18118d404647b860c"),  # week7/movies: 13 files
    Repo("BenjaminSivac/cs50_2021", "92d80745f305f73cf8263ae131dd28fb33aa86e8"),  # pset7/movies: 13 files
    Repo("BenoitDervieux/CS50-My-solutions", "0b29029abf5cf15016ee511786b171fabf138207"),  # Week7/movies: 13 files
    Repo("Bharat1298/CS50", "0338aa5b96cc3e6200df365b11201e209ce53cb2"),  # movies: 13 files
    Repo("BigBoiChad/CS50", "3ff28fb639b77a8e0f789a0e1a688e36ca99eda9"),  # pset7/movies: 13 files
    Repo("Bishama/CS50-Projects", "97cfee1b0e29c5272a7667032c0f4d5250347106"),  # pset7/movies: 13 files
    Repo("Bluespongecake/cs50-2020-solutions", "e47663d4a90aaabef7ff3d80f94bd120d7d9d928"),  # pset7/movies: 13 files
    Repo("BobyWoby/cs50-stuff", "5a6726ecca9c2356161f1544b6f29ba07beeff1f"),  # Week7/movies: 13 files
    Repo("Boda1515/tasks_cs50", "f9121f67b6501ee9445bc6888ad9718640588b59"),  # week7/movies: 13 files
    Repo("BoiPlex/CS50", "c2c5b8ce9de879dca242de468bd41b1bf71bbc43"),  # movies: 13 files
    Repo("Brain-0ut/CS50", "dc8cf502679e2154bada0180aaace0bd2362fbbc"),  # Week7/movies: 13 files
    Repo("BrockAltug/CS", "bea27c930a19d23bd8da13c4e7ae5969a4cf5870"),  # movies: 13 files
    Repo("Broken82/CS50", "f96c991d934857e31e63f94dea164a6496e79ad1"),  # movies: 13 files
    Repo("C-X1an/CS50_Projects", "4931327507f3df8ba1ed653941a73ef6e7f2bb9f"),  # cs50x/Week7/movies: 13 files
    Repo("CS50-Projects/course-work", "508e02688a28f8e2d0d7418fd68f43f2e3fbeb25"),  # week7/movies: 13 files
    Repo("CalvinChe/CS50", "accce85b275cf27985cd47223d9efee2976aec99"),  # pset7/movies: 13 files
    Repo("Caracioly/cs50", "50c80af62f1fef4deb8abf3733968d29bc39c39e"),  # movies: 13 files
    Repo("CardinisCode/Learning-SQL_CS50_pset7", "b58cbecf3e52c75ecedbd0f23c76de241304ab06"),  # movies: 13 files
    Repo("Carnitas/CS50", "f0754f404f450759027775e451e068410456ae97"),  # movies: 13 files
    Repo("CharlesNkdl/CS50", "0f8751a0d306d5f9a90e4b184c9fb7c420cdc6f9"),  # movies: 13 files
    Repo("Chatzh/CS50x-2021", "7430e67999071054a37690426092170c7efb9147"),  # pset7/movies: 13 files
    Repo("Chhunneng/cs50", "d452b3c25acd4fdddfb228c5f3eb219ccb37e977"),  # movies: 13 files
    Repo("ChimpChonk/CS50", "42c22bb7e88391b4a97eb91c20fa18c4c66a94f0"),  # week7/movies: 13 files
    Repo("ChinmayKhachane/cs50_solutions", "4dd64e065f960786731065175ddff9b96ff43103"),  # movies: 13 files
    Repo("ChrOertlin/CS50", "a8cff9c04f2c16277da8e2d2df77053f442608e5"),  # week7/movies: 13 files
    Repo("Cjroma/cs50x-2020-psets", "c8829b965d80a769712aa4135ab6209b2b953b8a"),  # pset7/movies: 13 files
    Repo("Clinpharm26/CS50", "1dbff962e72112151c836c1d7ec471edd598cef0"),  # movies: 13 files
    Repo("ClintonBeyene/Cs50-journey", "b2b7e9cabcee6e7640713c6545cfa749c3de5755"),  # movies: 13 files
    Repo("CobaltConcrete/CS50-2022", "388939ea292e4190ecdd6fdaca71e6f854260722"),  # movies: 13 files
    Repo("Code-Bhanu/CS50-Problem-Sets", "786d692a2a0e363c0e3bade9c3be0a28d89515b7"),  # pset7/movies: 13 files
    Repo("CousTov/CS50x2023", "d62ded77cca4be6309beefbb7d8a01c991a298f0"),  # movies: 13 files
    Repo("CubanWT/cs50", "2ab288615de256484d07153174ad972896809def"),  # movies: 13 files
    Repo("CurtainsAreBetter/cs50work", "528d117ecc43e1cbdf9cff1a3b4301d932da6ce0"),  # pset7/movies: 13 files
    Repo("CxrlosKenobi/cs50", "e8cbab0bd63c2b6a4a821dc18f503b94e9e5c52d"),  # pset7/movies: 13 files
    Repo("DCWhiteSnake/edX_Havard_CS50_Code", "cd25b83b38ed2f1d9bc8c6989c90af29332f0166"),  # movies: 13 files
    Repo("DGehrmann/CS50X", "c5fdbab8287386a6499be9874d9655aea0deb9b6"),  # movies: 13 files
    Repo("DanielTran0/CS50", "4f4ac30de121279da28010815399304d7d3a1b31"),  # pset7/movies: 13 files
    Repo("DanielTsiang/CS50x", "c1f1bf8c087472250e6fb6c0982011db3db9b904"),  # pset7/movies: 13 files
    Repo("DanielZustik/CS50course", "06fa6bddb5c840a4841210ea2b356a9cf392ae69"),  # CS50/week7/movies: 13 files
    Repo("DariusRain/Harvard-CS50", "fdacd24bd453785fbe5ab6fe5e15e03a0af28455"),  # pset7/movies: 13 files
    Repo("DaveFriedman/cs50", "25f7cc388bb57f4997250adf662ffbe2fabc4fe2"),  # Week 7/movies: 13 files
    Repo("David-Mal/CS50_2023", "12224cadde1e5226b49a82126c7fd12690d5eba4"),  # pset7/movies: 13 files
    Repo("DavidSavvy/cs50", "01090d0759230087ef35b5674c455dc883ac44a7"),  # movies: 13 files
    Repo("Dchoi0729/cs50", "6b12e860589de9e7aa5b3d54004b63faa4f77865"),  # week7/movies: 13 files
    Repo("DeagaDH/CS50_Homework", "91e42ba0c1f8aeca692acf508fb49f53c588abb6"),  # pset7/movies: 13 files
    Repo("Dev-R/harvard-problem-sets", "9d968d788d6126f81e5e6d384839111b5813d2ae"),  # pset7/movies: 13 files
    Repo("DiagramProgram/CS50", "4fbce6f391f7ec3f3decf19a8dcc407cbdb02be4"),  # pset7/movies: 13 files
    Repo("Diegoslourenco/CS50x", "386045fcd6a97f3241276e1bde87ecdeba297c6f"),  # pset7/movies: 13 files
    Repo("Dmitry-GDG/CS50", "8320f1dabb37c3cddaf6fde3176b340192f4f1a7"),  # week7/movies: 13 files
    Repo("DocCodez/CS50", "56d357746e0c5fcd6ed22c700df1f0bd27623675"),  # pset7/movies: 13 files
    Repo("Dominic-Harvey/CS50", "9f659bc2813acee7efe9039568dc59c9d69ed5aa"),  # pset7/movies: 13 files
    Repo("DorskFR/CS50x", "eea1e492ab2511f08111c7376ab9f25c00845a88"),  # pset7/movies: 13 files
    Repo("Dreamsword/CS50", "707daba37801e266da397b1f931be42f2e2cd745"),  # pset7/movies: 13 files
    Repo("Dyletan/CS50", "98869e424a262e3106f8174f84494bd1eba8391e"),  # pset7/movies: 13 files
    Repo("EIMadrigal/CS50", "6f52411662c70e24a9d0acb65aed766d94fe4f0e"),  # pset7/movies: 13 files
    Repo("EJDC/CS50x-Work", "5875f240d996906e5891f3f40d88c2951468f51e"),  # movies: 13 files
    Repo("EMSMoreno/CS50x", "bfbc5498b23cc0bc6e10d56a12b52c0a449f8e29"),  # movies: 13 files
    Repo("Edpacca/CS50", "c2f8a91331ec7b9cb06a31fa5646d75c8601bc11"),  # pset7/movies: 13 files
    Repo("EliasSchlie/CS50x", "b822e2b3940346d81aebd2dfd209333b7248cb4a"),  # Week7/movies: 13 files
    Repo("Erfan22R/CS50x-Problem-Sets", "6c4eac2ffbb211e03d9906d670f80c1b5e05f10a"),  # pset7/movies: 13 files
    Repo("Erick-Yan/Harvard-CS50", "a20a0d3c4fc84dd6855b71d81890b314edaaa120"),  # Week 7/movies: 13 files
    Repo("Esgath/cs50x-problems", "cec8a1c0f306819474acd5d0983f148d2f95e169"),  # pset7/movies: 13 files
    Repo("EzeCerino/CS50-P-Sets", "d13422f9e9dd442cafcbee7a2ec997ad33fb7354"),  # movies: 13 files
    Repo("FFV47/CS50", "0db114f7f07c1f4da166d42079f96cf69ccd9e9f"),  # pset7/movies: 13 files
    Repo("FabioDiCeglie/Harvard-Computer-Science", "54c2f1dfa16791b4b1bc8e695c254af3808be2aa"),  # week7/movies: 13 files
    Repo("FalKon1256/CS50-2021", "58101289a77055c9e6bb37e05f10ac0b24f069f9"),  # pset7/movies: 13 files
    Repo("FarruhShahidi/CS50-Harvard", "86a372832fe61aa8bd3ded9ec0fa79cc84d3cd60"),  # pset7/movies: 13 files
    Repo("Fherder/cs50x", "abaa182ebf246ea75e185b4c0b7ea7aa3bc7f889"),  # movies: 13 files
    Repo("FifthElement5/CS50-challenges", "8b91e0ada9cfe7d2250e594fd2239b6fcf6c2851"),  # week7/movies: 13 files
    Repo("Flo-Slv/CS50", "7b45ee45d940901c232e53420a2a2c473bd42247"),  # Week 7/movies: 13 files
    Repo("FrazierMark/CS50_coursework", "c0501141d468e435bbbe157b43b42055e455de6c"),  # pset7/movies: 13 files
    Repo("Funlamb/HarvardCS50", "6e6190afd12616bff85267b9f95229206c3d6bd0"),  # pset7/movies: 13 files
    Repo("Funnylaksa/cs50", "464ffcd242379b7ae6d6ac4c17984a4de395f05b"),  # pset7/movies: 13 files
    Repo("Futurecomputerfixer/cs50x_2021", "ed9c52b72a08398333e9244c82e2b549f72591a6"),  # pset7/movies: 13 files
    Repo("G4BE-334/CS50", "0808da1043ce164ab0ced69f5efe4ed4dd59286b"),  # pset7/movies: 13 files
    Repo("GeorgeDGQ/CS50x", "8b351058376b10cde4b5a46a448e35b1d4f29fe5"),  # Week 7/movies: 13 files
    Repo("Gibet13/CS50", "2429ced889c7c80d151e83b541e81aee55e0885f"),  # pset7/movies: 13 files
    Repo("Git-Yuya/cs50-intro-to-cs", "8a2551c49bf48f8da228f3fae3d124507d7ca5ad"),  # pset7/movies: 13 files
    Repo("GloriousGeek/cs50", "bceba284be48c15e2bf2ddf23007a28557dd58da"),  # movies: 13 files
    Repo("Gorniaky/CS50", "24d8692bad65fef5c631705add304595baa177c9"),  # pset7/movies: 13 files
    Repo("Gr-moura/CS50", "a3d517a47a622bc17849d2cea1d4ff51d9ffd197"),  # pset7/movies: 13 files
    Repo("GrahamStott18/CS50", "499f16ff51317d67288a9eb343f0b2c17b6b835d"),  # week7/movies: 13 files
    Repo("Grantoed/cs50x", "72464af425889b019f173f5e2090e4ce34115a28"),  # movies: 13 files
    Repo("Gribek/CS50-course-introduction-to-computer-science", "69a58ace4307bc910641baf5291d5217c224f7d0"),  # pset7/movies: 13 files
    Repo("Gultierd/CS50-X", "ae51cc6c635bb7b17babb7f59629ca52e2681764"),  # week7/movies: 13 files
    Repo("Gustavo-T-Carvalho/CS50", "fb4083c085147813d39609bb6a4bd813ee367ced"),  # Week 7/movies: 13 files
    Repo("Hamza-Nayab/CS50", "e4b2131241a7a5375fbb79bfe1a09a3a8673e5b9"),  # week7/movies: 13 files
    Repo("HansiGanter/CS50", "e4428694812f7a04878266272260e219bdb8e7f8"),  # week7/movies: 13 files
    Repo("Harsh19012003/cs50x", "fd6884ba2a3a3713f767bbb0089f68740cbe66e3"),  # pset7/movies: 13 files
    Repo("HasanZawahra/cs50-solutions", "08766a0aff036e2f1160c47d867c7f0266a795bd"),  # week7/movies: 13 files
    Repo("HassanZakie75/CS50_pset", "25e5b34e23025815b83ba62f259cc2ed0e9464c0"),  # movies: 13 files
    Repo("Henrijian/CS50", "808678597c574f94f61fbb92228720b152cb4976"),  # pset7/movies: 13 files
    Repo("Hhmmmk/CS50_2022", "e25f6ffb1009635b73a45c9c170a0a2580523512"),  # movies: 13 files
    Repo("HohShenYien/Harvard-CS50", "20b949cccd4c638c037b193a8d1282015beb17b4"),  # Week7/movies: 13 files
    Repo("Holadddd/CS50-pset", "c756a1a5561091e26b419619dab4fe2e93ff3695"),  # pset7/movies: 13 files
    Repo("Hortensefrom/cs50_psets", "23ed9be4b7d028edd297842c4dc204710cdaf05e"),  # pset7/movies: 13 files
    Repo("Hpdrkmn/CS50-Coursework", "6113347a76da451630796a50a1a2969b20ff0e05"),  # Week 7/movies: 13 files
    Repo("HuangYiwen2003/CS50", "110fccea47854929ec91f2316f4337ddef027f4c"),  # pset7/movies: 13 files
    Repo("HumnResources/CS50", "050111878bc2725218a013d1f1c38e88be052875"),  # pset7/movies: 13 files
    Repo("IAMAJAYPRO/CS50x", "496252d8962f2d587ae1f8f96879c22e77a8c10d"),  # Week 7/movies: 13 files
    Repo("INFINITE99KS/CS50x_pset_solutions", "82bb3c2614972bc4d671953bf359b33615ea2556"),  # pset7/movies: 13 files
    Repo("Icerewl/CS50", "9c8912f2adc4cad9734786b5412013681e8bf3b5"),  # pset7/movies: 13 files
    Repo("IgnatikVodichka/Harvard-CS50-Course", "ac6816bacfc85f56a41079dbeeead3331a01d930"),  # pset7/movies: 13 files
    Repo("IgorRosax/CS50-Progress", "04c1ac9a8f867e204a4ee14074bedcf72d61ceec"),  # pset7/movies: 13 files
    Repo("Inocybe/CS50", "85ecdc974a74738ab08d52157f22e7192902d8b2"),  # pset7/movies: 13 files
    Repo("Italohek/CS50x-2025", "98405a5af2ef04c1ed82efd89c52f2964f45ed70"),  # Week 7/movies: 13 files
    Repo("Iwanttobeatuna/CS50", "0530e571e4f981610abbfdb8c511576ef82ab169"),  # week7/movies: 13 files
    Repo("JCAvila2/CS50", "f3e9227ea90e6a919ec004c93ce57c46999df9ed"),  # Week 7/movies: 13 files
    Repo("JDS150k/CS50x", "bb0f510a1b5918cc26f763359dec92cdb37fed7a"),  # week7/movies: 13 files
    Repo("JSchaefer21/CS50", "6619ac29d56d3841cadf6946b4228f6b46f3c36d"),  # week7/movies: 13 files
    Repo("Jawad-Ahmad-M/cs50x-SourceCode", "2b425c95e9821c03d6170a4ee7405bebb6d3f954"),  # Week 7/movies: 13 files
    Repo("Joegebah/CS50-Harvard", "d994ec0e6b521d67d43fa54c31cfe99f3b76c5ba"),  # week7/movies: 13 files
    Repo("JohnnySLDZ/cs50_2024", "f4ba67e89e83be980bdee3960cdbcf0e3847c7c3"),  # week7/movies: 13 files
    Repo("JulianSerio/CS50", "6dbc69c06c3e41484c998f839c0ae0791f88e89a"),  # Week 7/movies: 12 files
    Repo("JulioG516/Harvard-CS50", "8049e6059c1d989e70e15a494ff9f8e0b0109b20"),  # movies: 13 files
    Repo("K-sel/harvard-cs50", "b44a1090b70b4f67c6063938bd22e1e0075f9c38"),  # week7/movies: 13 files
    Repo("KamilSuwada/CS50-Labs-and-Problem-Sets", "a4578d41d6914c422cc85c2762fb7fdc66142ac7"),  # Week7/movies: 13 files
    Repo("KaoKsn/CS50x-2025", "7f105a9d13e9e20f5e187459db0bef1208fd360e"),  # Week 7/movies: 13 files
    Repo("KennedySovine/CS50x_2023", "48de4d58ff72b58adce0e57c177a35db35ce2495"),  # movies: 13 files
    Repo("LBcheche/CS50-2022", "69766a5cf1b4ad4b958355a6e08549e0e2c1750d"),  # Week7/movies: 13 files
    Repo("LIGHTscrn/cs50_Assignments", "6d90b4eafd60011c9321411bb923b9c4ef1864a5"),  # week7/movies: 13 files
    Repo("LOLMaster490/CS50x2024PSetSolutions", "449346becf8f841771b52060480ab6a077c6495e"),  # week7/movies: 13 files
    Repo("Lemorita95/my-cs50", "d32dee210c1e00b2f966fcc85c92760cb19870ac"),  # week7/movies: 13 files
    Repo("LepoMepo/CS50", "3e60fda260b8b9f0d83a6c2f95ee9a9576f595c1"),  # Week 7/movies: 13 files
    Repo("LofiLeon/CS50", "aa37b6d70b8a4fbd46478900b9110d91fd534926"),  # Week7/movies: 13 files
    Repo("LouisaStrunk02/CS50Kurs", "d2a008c16fd0f4f30bdcfd5df5bb4cd5f134897a"),  # week7/movies: 13 files
    Repo("LuizGustavo8/CS50", "24f29602b1220ee48211c3f600de9a1948261824"),  # Week7/movies: 13 files
    Repo("MAkif3825/CS50", "0dbd0c6e88bb4e127ae114dd9b823ad43c15125d"),  # Week 7/movies: 13 files
    Repo("MEl-gabry/cs50-assignments", "590447765e9a05e531661c1fe91de3ae40898939"),  # Week 7/movies: 13 files
    Repo("Mahider-T/CS50", "02d87dcf95ccfef1f648a6603e9123048e38c793"),  # movies: 13 files
    Repo("MahmoudSaeedB/CS50", "f349be5c2c3bd97e693198b17c00d3878cee656a"),  # week7/movies: 13 files
    Repo("MarcRaeder/CS50Kurs", "a76546951b918a158c97c002d82ee365d6447a20"),  # week7/movies: 13 files
    Repo("MarwanMekkawy/CS50", "fc6f9e924352362758db4b7a9816a3ad971e892a"),  # Week 7/movies: 13 files
    Repo("Marxi7/CS50x", "385e3fd42a5d9a9046e230836dc12febeb36e0b4"),  # week7/movies: 13 files
    Repo("Mo-ElMumin/CS50x-2022", "fb7be1298707f728714dc5ac0cc914c54f408f2d"),  # movies: 13 files
    Repo("MuhammadArham-maker/CS50x-projects", "86af455c1825fcbe949b5df86d237bef8bcccb36"),  # Week7/movies: 13 files
    Repo("Mytakeon/cs50", "e600c18bf0a39c24402cb9eabadeb3357a2b756f"),  # week7/movies: 13 files
    Repo("NMukrami/CS50x", "d6c238a1b105c619dfa1fe1cea62472ab682e5eb"),  # movies: 13 files
    Repo("NicolasSeij/Harvard-CS50x", "7332a24b1aca8f4d2fa800ea0841c80c1e789000"),  # movies: 13 files
    Repo("Noam-Elron/CS50", "d03b05f7fb5c05fb12e5a820e76719e0490d6da2"),  # week7/movies: 13 files
    Repo("OlavoCosta/CS50-harvard-university", "7c5fad82c6082c365932253b01fbddf01b7594e2"),  # Week 7/movies: 13 files
    Repo("Ottaplz/CS50-Submissions", "648c1752a2b3760fb9f48049bbb78e346017dcbc"),  # week7/movies: 13 files
    Repo("OwOSwordsman/cs50", "2f6936d6b1cb556a16b5208ee41749914b722468"),  # week7/movies: 13 files
    Repo("Peteryhs/CS50x24-Archive", "e3b738ff8a906ee234e7bfe84e324f54f0ace8c3"),  # Week 7/movies: 13 files
    Repo("PineappleBirch/CS50X", "32adfcc78c195003c595762e749875e001eff385"),  # Week 7/movies: 13 files
    Repo("Ping5672/Cs50-practices", "0b4c9170ab2f8103611b7ecd43073a558e60a9ef"),  # week7/movies: 13 files
    Repo("Pinsoft2/Self-learning", "0463d9501262ad1e16272ef5f60f922cfdcac71a"),  # movies: 13 files
    Repo("Poronin/CS50-Computer-Science", "65c47b19e16153886fb28d0d7a53b62f5404a0bb"),  # movies: 13 files
    Repo("Qirall79/CS50x", "8009cf7565a0d939633f75642f2fdba73f424322"),  # week7/movies: 13 files
    Repo("Qwilliams815/HarvardCS50x", "a1a9021ef597f6e247915b1352ba4975bbbae52d"),  # movies: 13 files
    Repo("Ra1n-42/cs50-0", "c2594a41c705ee6c6fd96857f2b23e61070be6a3"),  # week7/movies: 13 files
    Repo("Rafi38/CS50x-solution-by-Rafi38", "c5d9a889f53fb24d31b29d7ee3de5f44506b2ddc"),  # Week 7/movies: 13 files
    Repo("RaulMuroc/cs50", "2fb7c8ef76950fab01867ba131bee585403996fa"),  # movies: 13 files
    Repo("Rersome/CS50", "384088525fc2ad599b4445e7ac2589aa466acbc8"),  # week7/movies: 13 files
    Repo("Rohitth007/CS50x", "a90bdb155fc65f4dcc6d4e914ddc7e810a0af627"),  # Week7/movies: 13 files
    Repo("Ronny200/CS50x", "18ea45a38cd7684facd73f83cf1ba43c03ed1607"),  # Week7/movies: 13 files
    Repo("SalaheddineBoudguigue/introToCs_cs50", "b5bb3c956a06e4e2ca3101d0cde4730f674f5d1d"),  # week7/movies: 13 files
    Repo("Sean95164/CS50x-2024", "5639ab931d55218b9a34b8c56e735b6db4b7ba17"),  # Week7/movies: 13 files
    Repo("Shaiksameer9452/CS50-PSet", "f1e2b493ea8bcbae1b20eeb94ec641e0df77c05f"),  # week7/movies: 13 files
    Repo("Sic4Parvis9Magna/cs50-practice", "290a6ee2b5e04254eb639f91fa864bb00298271b"),  # week7/movies: 13 files
    Repo("SiegfredLorelle/cs50x", "04e5a85a0f7710d9dc34bee1b43baa8ae666ffa8"),  # week7/movies: 13 files
    Repo("SimonRbk95/CS50", "85df607d7b8369a7cc50800ac9a6f4e3a5fbd783"),  # movies: 13 files
    Repo("SimoneMorella/CS50X", "e24598ca368e4cdc8a4920f7bcfe37c4db1c8626"),  # week7/movies: 13 files
    Repo("Stephane-Gon/MyCS50", "3355149fa9d9871341153012d31d6d22e7e0440e"),  # week7/movies: 13 files
    Repo("Threeinone/cs50x", "e2979bffb3f720b964499cdbfec026d21dcef58f"),  # movies: 13 files
    Repo("Titi-Gal/CS50x-projetcs", "b8e76cbb2005a04e88065eed6ff4d197b9659457"),  # movies: 13 files
    Repo("TulioPerez/CSCI-50", "97b5d5ef057ebd551bde14aa6cc565251afdf253"),  # week7/movies: 13 files
    Repo("UltraViolet33/CS50-CS-Introduction", "6ea17b3c9303a32a0a4ca2586235e842b424ccbb"),  # Week7/movies: 13 files
    Repo("Uvalente/cs50x", "a024a9b81b0b312a95943febb7f4768c4ed18795"),  # week7/movies: 13 files
    Repo("Victor-268/SQL", "798071327ac7c1ae0b5f23191b7c51a4b8db4c3a"),  # movies: 13 files
    Repo("YiFeng/cs50", "992e4dca0e87cef82b1a8ee6b08c5ebdb8a436b5"),  # week7/movies: 13 files
    Repo("aaronrwang/cs50", "64b36eec8cdaa21a7abbc8108db2c8a26d0ee2f3"),  # Week7/movies: 13 files
    Repo("adensattler/CS50x-2022", "fbc7723357700f9dffb6ea271c35674574c566af"),  # week7/movies: 13 files
    Repo("adjorkas/CS50x_submissions", "8913305140131ce294b5ecd9e953eb61ace50b36"),  # week7/movies: 13 files
    Repo("aguirreLCD/cs50x", "1cf3905786c1f23cd1b2e770839e9bf49991b722"),  # week7/movies: 13 files
    Repo("ahmed-mohamed-77/CS50-SQL", "ea2f7edca3172b570d8ae02dd5bf477f8c7322cb"),  # movies: 13 files
    Repo("ajaygangwar245/CS50CompSci", "39972275340cdd0e6bd70ed29e8fd286014ba145"),  # week7/movies: 13 files
    Repo("aka1Neto/CS50", "c1236e1146113638f205dcda86ec0539b9a0269e"),  # week7/movies: 13 files
    Repo("alinaalam/cs50-solutions", "0f4b261560f6cdae2d761d1645d37bbd2e27562c"),  # Week7/movies: 13 files
    Repo("alisharify7/CS50x", "f8e5032e69fe846897c7d1efcd1838f26026298c"),  # week-7/movies: 13 files
    Repo("ananito/CS50-solution", "add9adcc254e0ca9d6f42a2e0c0f6acd0309409e"),  # week7/movies: 13 files
    Repo("anilkc01/CS50x", "1d6f0f01e242844972071b96291f276139790381"),  # Week7/movies: 13 files
    Repo("arcchiebald/my-cs50x", "97f5ca9fe07f1e239f354fbacfd8a487686cf0e5"),  # week7/movies: 13 files
    Repo("arikhamdi/cs50_introduction", "06a4b96676b41ba7cb7ecb896c61f6d43acd6c67"),  # week7/movies: 13 files
    Repo("ashin9/CS50x", "505493940816775808cba0aabaab4e70d77fd4c6"),  # Week7/movies: 13 files
    Repo("bayank/cs50", "9ffe7e9ad5b4207fe676b68c8a115eeb854d032e"),  # week7/movies: 13 files
    Repo("byyan2020/cs50", "b46198153b480652e6ba87e25d803ef28e314be7"),  # week7/movies: 13 files
    Repo("cg030/CS50", "c779e7996b9a25f7fac27554b02ed9de59a3f7cc"),  # movies: 13 files
    Repo("danielledavid/codepractice", "3563345ffd6f04e0d8b3bc25ac7eac6878e26e01"),  # movies: 9 files
    Repo("danyeu/CS50x", "f23e4a53f84e6cd2ac1eda815c6dbd42a979fb3f"),  # 7 SQL/movies: 13 files
    Repo("dejoao/cs50x", "9ada4ef566d21d0ea99a2c93c1c2149d0ffc0c46"),  # week7/movies: 13 files
    Repo("destrier2/CS50-ProblemSets", "f3a08ee0e709e27062435200961237da7a3bf50b"),  # Week7/movies: 13 files
    Repo("dgoyzueta/cs50coding", "b053bd5fd1e65ab91e73a82e2af1113030ccbbb5"),  # movies: 13 files
    Repo("dihyah/cs50", "6bcd9ed65909fa990da6b882910bdce09bbff9d3"),  # week7/movies: 14 files
    Repo("djidji09/CS50", "dcc3381242ecfa82b02118596e3706b8a48608e9"),  # week7/movies: 13 files
    Repo("douglasdotv/cs50x", "d036076e05206bd0228691c294fb1d049f29a45c"),  # Week7/movies: 13 files
    Repo("doulikecookiedough/cs50_2021", "691ce9ad51eec2896d1adf2581f2469a33b88ba0"),  # week7/movies: 13 files
    Repo("dro14/CS50x", "e6c0e422bf1f32437f932396046cc90451c4d524"),  # week7/movies: 13 files
    Repo("edniaj/CS50", "397d9211bdaa89f82817d9281822831b644c9ebb"),  # week7/movies: 13 files
    Repo("epinefri/CS50x", "0ae09a8db018ac4e47fc10962dd020c5e235ed41"),  # week7/movies: 13 files
    Repo("estarpro1022/CS50-Solution", "d5c61718ec2698e9e2fe9dfaf1860c8fc4c71d0f"),  # Week7/movies: 13 files
    Repo("ewartj/cs50_2020", "573c18faa2cf5c86c351874a83bf5b6b045317a6"),  # week7/movies: 13 files
    Repo("fatxian/CS50_practice", "ec4f2fb1c7de8624e0b21c17c836e0f21f3dbf5b"),  # week7/movies: 13 files
    Repo("giga-sec/cs50", "ed3b92d47270bd1b0b7e778c92c4d2e9c1b6b314"),  # Week7/movies: 13 files
    Repo("grxxce/CS-50", "1224a887648683833b79c8a63934fee4c07a7da6"),  # Week7/movies: 13 files
    Repo("guibedin/cs50", "844f07e6d41e9a1f293b6f32d9902c08d8a5c649"),  # week7/movies: 13 files
    Repo("hayden1126/CS50x", "791a4769fbb466bfcdea2e9661b0a489c91a9245"),  # Week7/movies: 13 files
    Repo("heddxh/CS50X", "53041541c33c890343275c5c04fba982f8b0fa21"),  # week7/movies: 13 files
    Repo("hudmhelmi/cs50x_2023", "2945fd3907d34e35db10b473d4348cbd210a8b8f"),  # week7/movies: 13 files
    Repo("irenediaz1974/CS50", "6c094e0aeb42784f34e97c3ed363776fb974d615"),  # Week7/movies: 13 files
    Repo("ivanMCML/cs50X", "86d739183a6b9057c4c6d567da863425f39af718"),  # Week7/movies: 13 files
    Repo("jeduardo44/CS50X", "5968fcf07fc642b45bc6d811fb49292005d2e649"),  # week7/movies: 13 files
    Repo("jimthethief/cs50", "87644ddb8fc3ac7ac28f443d7ea2465a9f6dfd29"),  # week7/movies: 13 files
    Repo("joao-gabriel-gois/CS50_Introduction-To-Computer-Science", "315b4b57c0726ba2ea2621b675a6854e21f42b31"),  # Week7/movies: 13 files
    Repo("joaovitorwitt/CS50x", "7924bc5c37e3ffc4885f5dd1048cb1846a69b4ed"),  # week7/movies: 13 files
    Repo("joeyqlim/cs50", "8d48a9f0037945b59619b5d13ae9f4097fc2cbb2"),  # week7/movies: 13 files
    Repo("jungleistx/cs_50", "d1940271202de5758afd3cda0889e35c2258636d"),  # week7/movies: 13 files
    Repo("lng205/CS50x2022", "b2f0d2a10c5ba046094a8fea9a03c0a5dce1b0c3"),  # Week7/movies: 13 files
    Repo("michelgrb/CS50-Introduction-to-Computer-Science-Harvard-University", "98e8d7e51315ddbe3e9f6dbd20bab6edf6a390ba"),  # Week7/movies: 13 files
    Repo("moeizx/CS50x-Problem-Sets", "b2ba1278eac520d1309c8426f71029512850246e"),  # Week7/movies: 13 files
    Repo("moralescd/CS50x_2022", "27301b0e7e102e112d5c088a7def8ae9a7d3d9ae"),  # Week7/movies: 13 files
    Repo("mouda4d/CS50", "828e04f7aada28e481b6bed44b77652eef877e53"),  # movies: 13 files
    Repo("nktrjsk/cs50", "a5ef4af6498a9f8ad6d535f8923f85b7299e691e"),  # Week7/movies: 13 files
    Repo("nthGH1030/Learn_CS50", "732431d8dc47c279acea98aafb52b146e8472237"),  # Week7/movies: 13 files
    Repo("seinjonetan/cs50", "09468e4cc5048cda72da3acf732b8bcfc634a322"),  # Week7/movies: 13 files
    Repo("siddnikh/CS50x", "fe8be2d3f0ff2ac875eda70e8317656572fe4f37"),  # Week7/movies: 13 files
    Repo("smatpie/cs50x", "0d5d841087cf94b37bd0a8337c9ca995e57b344a"),  # Week7/movies: 13 files
    Repo("timtim111141242/CS50x2025", "b3822467cda2be06be7bccf4de1e5d9c69a3e49b"),  # Week7/movies: 13 files
    Repo("trevdav1972/cs50-projects", "073e5f1ffddb304c621fd7dd69eab123a3c61771"),  # movies: 13 files
    Repo("tthierry64/CS50", "fd6adf195598c81c43049c332692ba0a66f47980"),  # Week7/movies: 13 files
    ],
)
