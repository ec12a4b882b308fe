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
    Repo("0xjuaan/cs50", "a4e78db6d8fd78506dd20a7bb1fa79e5d38207f6"),  # Week 7/movies: 13 files
    Repo("0xkingmonke/cs50", "1f268f9663836e90db90f388cf31d59e5a4dabdb"),  # movies: 13 files
    Repo("100615056/CS50-2021-Problem-Sets", "3f288d0a11fca85815744286ad3ffaa9d77fead3"),  # movies: 13 files
    Repo("12458/cs50", "33b31ae494279ec900007827937c2bd80edaa4b6"),  # movies: 13 files
    Repo("13110r1sc4/CS50x-2024", "c2b62dc2c9020555882fbe4a096837aa970d2bc7"),  # SQL/movies: 13 files
    Repo("3vinicius/Harvard-CS50-s-Introduction-to-Computer-Science", "2f7104533b372e26d10db8a16c416c0bb99f4246"),  # movies: 13 files
    Repo("4925k/cs50_2021", "b3c9cdc15da77d2c8db868e737a6c80cc3075d49"),  # lab7/movies: 13 files
    Repo("7044lacaba/CS50", "61dc0758aa11e44e1da72dd7c409ee604960763d"),  # pset7/movies: 13 files
    Repo("84Zidac/CS50", "59b34785d37160537d2277d0af020130fcd0ec79"),  # movies: 13 files
    Repo("A7anout/CS50X-2022", "dde2d735b71735d15401192bc255344050bbcd6a"),  # movies: 13 files
    Repo("A7med-Ma9dy/CS50MySolutions", "f08a0557a1bffcad124eacf843d87198b8f54b6d"),  # pset7/movies: 13 files
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
    Repo("AhmadHatziq/cs50x", "22a10ace3305df2f627aad9f3dc0aa729e2e3126"),  # pset7/movies: 13 files
    Repo("AhmedMashali/cs50_2019", "c331369732ee6fd41a59a8bd3a88084e228c4462"),  # pset7/movies: 13 files
    Repo("Ahsan-Siddiqi/Harvard-CS50", "b32e34852299521f9c251cc51c47642d6640250f"),  # movies: 13 files
    Repo("AidPuska/cs50-code", "e05e987f680ea7082fabce10e2ca49de2caf9736"),  # movies: 13 files
    Repo("Aidas-Baublys/Harvard-s-CS50", "43373f6e63de1dbe157e0d23a6a6001822a5e02c"),  # movies: 13 files
    Repo("AiziNu/CS50-Projects", "c7dcd67840abd7f38d163accd61772d8414a7850"),  # movies: 13 files
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
    Repo("ArjunCodess/cs50_solutions", "167a99c412369b04449e6e13737894d865e9c133"),  # movies: 13 files
    Repo("Arleislc/CS50x", "6a7c3b5765346a734762fa981729a2dade3e964c"),  # pset7/movies: 13 files
    Repo("Arlind2200/harvard-cs50", "cea65011c6d210f0b9f1dbdf1bfbd7f094c940a2"),  # movies: 13 files
    Repo("Arnavgits/Arnav-cs50x", "99a692045a223b06edd7f9f7c0d50cedf345e7ae"),  # movies: 13 files
    Repo("Aryan-Raina/CS50x", "d4c285ac077244cdb76757615003889bd109876d"),  # pset7/movies: 13 files
    Repo("Ashuza11/cs50-intro-couse", "2257fb6469d395869957e599856a0b5c6f436709"),  # python/pset7/movies: 13 files
    Repo("AstridCaballero/CS50", "8cbcfade0722f62b40d1245b033b1e00bff2689e"),  # pset7/movies: 13 files
    Repo("At0m77/CS50X", "c31bb5c1903f893aeaec8f91cb13fe102545c2d1"),  # pset7/movies: 13 files
    Repo("Atabek786/cs50code", "b638c12e282f933b08057b3ce4bb7cc78319a599"),  # movies: 13 files
    Repo("Awasthi-Ram/Harvard-code", "8db246784f50e31dc1d2b9d1a0e77f650090357e"),  # pset7/movies: 13 files
    Repo("AyuPatidar/Harvard-Introduction-to-CS50", "23926743f50ba8a76a2bdb10010aa3c55bb8aa7e"),  # pset7/movies: 13 files
    Repo("Ayush-desaii/CS50X", "0e80e5823d6d0cc4a75709e2411ff3288275dbb2"),  # movies: 13 files
    Repo("BK247/CS50-Projects", "6c6f259fc8ffedd388114b0d35afd9f10ae4b9ad"),  # movies: 13 files
    Repo("BTeeKay/CS50", "8685de44c79f3c36e07ca29b07b1ba4475425d07"),  # pset7/movies: 13 files
    Repo("Banny501/cs50", "d4fc9caa3d7bc1272d4c1ed3c839bbf77f9bbd1f"),  # pset7/movies: 13 files
    Repo("BaslaelWorkineh/CS50-Project-Answers", "e2afccefad80974b4bb51dbdc04309e144646729"),  # movies: 13 files
    Repo("Batievskiy/My-CS50-course", "e9f66c9de5f6798c2b77f78cf4621fc74930e516"),  # pset7/movies: 13 files
    Repo("BenjaminSivac/cs50_2021", "92d80745f305f73cf8263ae131dd28fb33aa86e8"),  # pset7/movies: 13 files
    Repo("Bharat1298/CS50", "0338aa5b96cc3e6200df365b11201e209ce53cb2"),  # movies: 13 files
    Repo("BigBoiChad/CS50", "3ff28fb639b77a8e0f789a0e1a688e36ca99eda9"),  # pset7/movies: 13 files
    Repo("Bishama/CS50-Projects", "97cfee1b0e29c5272a7667032c0f4d5250347106"),  # pset7/movies: 13 files
    Repo("Bluespongecake/cs50-2020-solutions", "e47663d4a90aaabef7ff3d80f94bd120d7d9d928"),  # pset7/movies: 13 files
    Repo("BoiPlex/CS50", "c2c5b8ce9de879dca242de468bd41b1bf71bbc43"),  # movies: 13 files
    Repo("BrockAltug/CS", "bea27c930a19d23bd8da13c4e7ae5969a4cf5870"),  # movies: 13 files
    Repo("Broken82/CS50", "f96c991d934857e31e63f94dea164a6496e79ad1"),  # movies: 13 files
    Repo("CalvinChe/CS50", "accce85b275cf27985cd47223d9efee2976aec99"),  # pset7/movies: 13 files
    Repo("Caracioly/cs50", "50c80af62f1fef4deb8abf3733968d29bc39c39e"),  # movies: 13 files
    Repo("CardinisCode/Learning-SQL_CS50_pset7", "b58cbecf3e52c75ecedbd0f23c76de241304ab06"),  # movies: 13 files
    Repo("Carnitas/CS50", "f0754f404f450759027775e451e068410456ae97"),  # movies: 13 files
    Repo("CharlesNkdl/CS50", "0f8751a0d306d5f9a90e4b184c9fb7c420cdc6f9"),  # movies: 13 files
    Repo("Chatzh/CS50x-2021", "7430e67999071054a37690426092170c7efb9147"),  # pset7/movies: 13 files
    Repo("Chhunneng/cs50", "d452b3c25acd4fdddfb228c5f3eb219ccb37e977"),  # movies: 13 files
    Repo("ChinmayKhachane/cs50_solutions", "4dd64e065f960786731065175ddff9b96ff43103"),  # movies: 13 files
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
    Repo("DariusRain/Harvard-CS50", "fdacd24bd453785fbe5ab6fe5e15e03a0af28455"),  # pset7/movies: 13 files
    Repo("David-Mal/CS50_2023", "12224cadde1e5226b49a82126c7fd12690d5eba4"),  # pset7/movies: 13 files
    Repo("DavidSavvy/cs50", "01090d0759230087ef35b5674c455dc883ac44a7"),  # movies: 13 files
    Repo("Dchoi0729/cs50", "6b12e860589de9e7aa5b3d54004b63faa4f77865"),  # week7/movies: 13 files
    Repo("DeagaDH/CS50_Homework", "91e42ba0c1f8aeca692acf508fb49f53c588abb6"),  # pset7/movies: 13 files
    Repo("Dev-R/harvard-problem-sets", "9d968d788d6126f81e5e6d384839111b5813d2ae"),  # pset7/movies: 13 files
    Repo("DiagramProgram/CS50", "4fbce6f391f7ec3f3decf19a8dcc407cbdb02be4"),  # pset7/movies: 13 files
    Repo("Diegoslourenco/CS50x", "386045fcd6a97f3241276e1bde87ecdeba297c6f"),  # pset7/movies: 13 files
    Repo("DocCodez/CS50", "56d357746e0c5fcd6ed22c700df1f0bd27623675"),  # pset7/movies: 13 files
    Repo("Dominic-Harvey/CS50", "9f659bc2813acee7efe9039568dc59c9d69ed5aa"),  # pset7/movies: 13 files
    Repo("DorskFR/CS50x", "eea1e492ab2511f08111c7376ab9f25c00845a88"),  # pset7/movies: 13 files
    Repo("Dreamsword/CS50", "707daba37801e266da397b1f931be42f2e2cd745"),  # pset7/movies: 13 files
    Repo("Dyletan/CS50", "98869e424a262e3106f8174f84494bd1eba8391e"),  # pset7/movies: 13 files
    Repo("EIMadrigal/CS50", "6f52411662c70e24a9d0acb65aed766d94fe4f0e"),  # pset7/movies: 13 files
    Repo("EJDC/CS50x-Work", "5875f240d996906e5891f3f40d88c2951468f51e"),  # movies: 13 files
    Repo("EMSMoreno/CS50x", "bfbc5498b23cc0bc6e10d56a12b52c0a449f8e29"),  # movies: 13 files
    Repo("Edpacca/CS50", "c2f8a91331ec7b9cb06a31fa5646d75c8601bc11"),  # pset7/movies: 13 files
    Repo("Erfan22R/CS50x-Problem-Sets", "6c4eac2ffbb211e03d9906d670f80c1b5e05f10a"),  # pset7/movies: 13 files
    Repo("Esgath/cs50x-problems", "cec8a1c0f306819474acd5d0983f148d2f95e169"),  # pset7/movies: 13 files
    Repo("EzeCerino/CS50-P-Sets", "d13422f9e9dd442cafcbee7a2ec997ad33fb7354"),  # movies: 13 files
    Repo("FFV47/CS50", "0db114f7f07c1f4da166d42079f96cf69ccd9e9f"),  # pset7/movies: 13 files
    Repo("FalKon1256/CS50-2021", "58101289a77055c9e6bb37e05f10ac0b24f069f9"),  # pset7/movies: 13 files
    Repo("FarruhShahidi/CS50-Harvard", "86a372832fe61aa8bd3ded9ec0fa79cc84d3cd60"),  # pset7/movies: 13 files
    Repo("Fherder/cs50x", "abaa182ebf246ea75e185b4c0b7ea7aa3bc7f889"),  # movies: 13 files
    Repo("FrazierMark/CS50_coursework", "c0501141d468e435bbbe157b43b42055e455de6c"),  # pset7/movies: 13 files
    Repo("Funlamb/HarvardCS50", "6e6190afd12616bff85267b9f95229206c3d6bd0"),  # pset7/movies: 13 files
    Repo("Funnylaksa/cs50", "464ffcd242379b7ae6d6ac4c17984a4de395f05b"),  # pset7/movies: 13 files
    Repo("Futurecomputerfixer/cs50x_2021", "ed9c52b72a08398333e9244c82e2b549f72591a6"),  # pset7/movies: 13 files
    Repo("G4BE-334/CS50", "0808da1043ce164ab0ced69f5efe4ed4dd59286b"),  # pset7/movies: 13 files
    Repo("Gibet13/CS50", "2429ced889c7c80d151e83b541e81aee55e0885f"),  # pset7/movies: 13 files
    Repo("Git-Yuya/cs50-intro-to-cs", "8a2551c49bf48f8da228f3fae3d124507d7ca5ad"),  # pset7/movies: 13 files
    Repo("GloriousGeek/cs50", "bceba284be48c15e2bf2ddf23007a28557dd58da"),  # movies: 13 files
    Repo("Gorniaky/CS50", "24d8692bad65fef5c631705add304595baa177c9"),  # pset7/movies: 13 files
    Repo("Gr-moura/CS50", "a3d517a47a622bc17849d2cea1d4ff51d9ffd197"),  # pset7/movies: 13 files
    Repo("Grantoed/cs50x", "72464af425889b019f173f5e2090e4ce34115a28"),  # movies: 13 files
    Repo("Gribek/CS50-course-introduction-to-computer-science", "69a58ace4307bc910641baf5291d5217c224f7d0"),  # pset7/movies: 13 files
    Repo("Harsh19012003/cs50x", "fd6884ba2a3a3713f767bbb0089f68740cbe66e3"),  # pset7/movies: 13 files
    Repo("HassanZakie75/CS50_pset", "25e5b34e23025815b83ba62f259cc2ed0e9464c0"),  # movies: 13 files
    Repo("Henrijian/CS50", "808678597c574f94f61fbb92228720b152cb4976"),  # pset7/movies: 13 files
    Repo("Hhmmmk/CS50_2022", "e25f6ffb1009635b73a45c9c170a0a2580523512"),  # movies: 13 files
    Repo("Holadddd/CS50-pset", "c756a1a5561091e26b419619dab4fe2e93ff3695"),  # pset7/movies: 13 files
    Repo("Hortensefrom/cs50_psets", "23ed9be4b7d028edd297842c4dc204710cdaf05e"),  # pset7/movies: 13 files
    Repo("HuangYiwen2003/CS50", "110fccea47854929ec91f2316f4337ddef027f4c"),  # pset7/movies: 13 files
    Repo("HumnResources/CS50", "050111878bc2725218a013d1f1c38e88be052875"),  # pset7/movies: 13 files
    Repo("INFINITE99KS/CS50x_pset_solutions", "82bb3c2614972bc4d671953bf359b33615ea2556"),  # pset7/movies: 13 files
    Repo("Icerewl/CS50", "9c8912f2adc4cad9734786b5412013681e8bf3b5"),  # pset7/movies: 13 files
    Repo("IgnatikVodichka/Harvard-CS50-Course", "ac6816bacfc85f56a41079dbeeead3331a01d930"),  # pset7/movies: 13 files
    Repo("IgorRosax/CS50-Progress", "04c1ac9a8f867e204a4ee14074bedcf72d61ceec"),  # pset7/movies: 13 files
    Repo("Inocybe/CS50", "85ecdc974a74738ab08d52157f22e7192902d8b2"),  # pset7/movies: 13 files
    Repo("JulioG516/Harvard-CS50", "8049e6059c1d989e70e15a494ff9f8e0b0109b20"),  # movies: 13 files
    Repo("KennedySovine/CS50x_2023", "48de4d58ff72b58adce0e57c177a35db35ce2495"),  # movies: 13 files
    Repo("Mahider-T/CS50", "02d87dcf95ccfef1f648a6603e9123048e38c793"),  # movies: 13 files
    Repo("Mo-ElMumin/CS50x-2022", "fb7be1298707f728714dc5ac0cc914c54f408f2d"),  # movies: 13 files
    Repo("NMukrami/CS50x", "d6c238a1b105c619dfa1fe1cea62472ab682e5eb"),  # movies: 13 files
    Repo("NicolasSeij/Harvard-CS50x", "7332a24b1aca8f4d2fa800ea0841c80c1e789000"),  # movies: 13 files
    Repo("Pinsoft2/Self-learning", "0463d9501262ad1e16272ef5f60f922cfdcac71a"),  # movies: 13 files
    Repo("Poronin/CS50-Computer-Science", "65c47b19e16153886fb28d0d7a53b62f5404a0bb"),  # movies: 13 files
    Repo("Qwilliams815/HarvardCS50x", "a1a9021ef597f6e247915b1352ba4975bbbae52d"),  # movies: 13 files
    Repo("RaulMuroc/cs50", "2fb7c8ef76950fab01867ba131bee585403996fa"),  # movies: 13 files
    Repo("SimonRbk95/CS50", "85df607d7b8369a7cc50800ac9a6f4e3a5fbd783"),  # movies: 13 files
    Repo("Threeinone/cs50x", "e2979bffb3f720b964499cdbfec026d21dcef58f"),  # movies: 13 files
    Repo("Titi-Gal/CS50x-projetcs", "b8e76cbb2005a04e88065eed6ff4d197b9659457"),  # movies: 13 files
    Repo("ahmed-mohamed-77/CS50-SQL", "ea2f7edca3172b570d8ae02dd5bf477f8c7322cb"),  # movies: 13 files
    Repo("cg030/CS50", "c779e7996b9a25f7fac27554b02ed9de59a3f7cc"),  # movies: 13 files
    Repo("dgoyzueta/cs50coding", "b053bd5fd1e65ab91e73a82e2af1113030ccbbb5"),  # movies: 13 files
    Repo("mouda4d/CS50", "828e04f7aada28e481b6bed44b77652eef877e53"),  # movies: 13 files
    Repo("trevdav1972/cs50-projects", "073e5f1ffddb304c621fd7dd69eab123a3c61771"),  # movies: 13 files
    ],
)
