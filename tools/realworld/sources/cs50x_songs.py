"""CS50x (Introduction to Computer Science), problem set 7 "Songs": students' answers on Spotify's top 100
songs of 2018."""
from __future__ import annotations

from realworld.source import Question, Repo, Source, db_from_snapshot, numbered_files
from realworld.sources._cs50 import LICENCE

DB = Repo("Pinsoft2/Self-learning", "0463d9501262ad1e16272ef5f60f922cfdcac71a")
Q = [
    Question("1", "list the names of all songs in the database", "SELECT name FROM songs"),
    Question("2", "list the names of all songs in increasing order of tempo",
             "SELECT name FROM songs ORDER BY tempo", ordered=True),
    Question("3", "list the names of the top 5 longest songs, in descending order of length",
             "SELECT name FROM songs ORDER BY duration_ms DESC LIMIT 5", ordered=True),
    Question("4", "list the names of any songs that have danceability, energy, and valence greater than 0.75",
             "SELECT name FROM songs WHERE danceability > 0.75 AND energy > 0.75 AND valence > 0.75"),
    Question("5", "return the average energy of all the songs", "SELECT AVG(energy) FROM songs"),
    Question("6", "list the names of songs that are by Post Malone",
             "SELECT name FROM songs WHERE artist_id = (SELECT id FROM artists WHERE name = 'Post Malone')"),
    Question("7", "return the average energy of songs that are by Drake",
             "SELECT AVG(energy) FROM songs WHERE artist_id = (SELECT id FROM artists WHERE name = 'Drake')"),
    Question("8", "list the names of the songs that feature other artists (their name includes \"feat.\")",
             "SELECT name FROM songs WHERE name LIKE '%feat.%'"),
]

SOURCE = Source(
    key="cs50x_songs",
    title="CS50x problem set 7 Songs: students' answers",
    url="https://cs50.harvard.edu/x/2024/psets/7/songs/",
    licence=LICENCE,
    engine="sqlite",
    questions=Q,
    build_db=db_from_snapshot(DB, "songs/songs.db", "songs.db"),
    extract=numbered_files(r"(?i)(^|/|-)songs$"),
    repos=[
    Repo("06oxlaf/CS50", "eba438e8d4293e02fc9eb88786570e64b9fb7ad9"),  # songs: 8 files
    Repo("0badran/CS50-Problem-sets", "54c19c2ef5bd44a7458b762c553ea013248f76ab"),  # songs: 8 files
    Repo("0xUgochukwu/CS50---All-Problems-Sets-Solved", "0ec830df0991e6a030135fa21798604e3cb476a4"),  # Week 7/songs: 8 files
    Repo("0xYankee/cs50", "7e30aee0280ce4a2a7e0d216c1fe270afafb17b5"),  # week7/songs: 8 files
    Repo("0xjuaan/cs50", "a4e78db6d8fd78506dd20a7bb1fa79e5d38207f6"),  # Week 7/songs: 8 files
    Repo("0xkingmonke/cs50", "1f268f9663836e90db90f388cf31d59e5a4dabdb"),  # songs: 8 files
    Repo("12458/cs50", "33b31ae494279ec900007827937c2bd80edaa4b6"),  # songs: 8 files
    Repo("13110r1sc4/CS50x-2024", "c2b62dc2c9020555882fbe4a096837aa970d2bc7"),  # SQL/songs: 8 files
    Repo("347743/HarvardX-CS50x", "3f4ac0caef8ed6bd51ef4b749ff30cd835eab488"),  # Week 7/songs: 8 files
    Repo("3vinicius/Harvard-CS50-s-Introduction-to-Computer-Science", "2f7104533b372e26d10db8a16c416c0bb99f4246"),  # songs: 8 files
    Repo("5T4RDU57-01/CS50x", "43c3b80d5bf381f4160519f9703c5a08c2c32870"),  # Week 7/songs: 8 files
    Repo("7044lacaba/CS50", "61dc0758aa11e44e1da72dd7c409ee604960763d"),  # lab/songs: 8 files
    Repo("84Zidac/CS50", "59b34785d37160537d2277d0af020130fcd0ec79"),  # songs: 8 files
    Repo("9kaisu9/CS50x", "5cd89a06166716f471e2a229959cf961a2dbba22"),  # week7/songs: 8 files
    Repo("A7anout/CS50X-2022", "dde2d735b71735d15401192bc255344050bbcd6a"),  # songs: 8 files
    Repo("ABOOAB/CS50", "4187ccec7267eac9b651fdb6bd22164a13205faa"),  # week7/songs: 8 files
    Repo("ANS-UXI/CS50-s-Introduction-to-Computer-Science", "84731794e3bfe7afc69effb92caa49ce002741b2"),  # songs: 8 files
    Repo("Aarbocz/CS50-Projects", "54de5c6a7e8dfb2be44b717c9d4674d3a7672ec4"),  # pset7/songs: 8 files
    Repo("Abdelkader-lahmar/CS50-ProblemSets", "b1be5f2b3f95ee9ccfe5591bb65e297049b83179"),  # songs: 8 files
    Repo("Abisegan/CS50x-2024-Coursework", "82f5939b9f8accad61cb04d011b9a9148e307c9a"),  # songs: 8 files
    Repo("AdamBenelcadi/CS50X_projects", "9dc140986765ab9865b148b9c4352d2989ea5374"),  # songs: 8 files
    Repo("Adel-Essam/CS50", "847f29d829a54ae63d7af7ef4294276252cc7215"),  # songs: 8 files
    Repo("AdonaiVA/CS50", "f66cc90458f18e18de0621bc418bebcc1a596fec"),  # songs: 8 files
    Repo("Ah-Riz/CS50-s-Introduction-to-Computer-Science", "5151a22ce9f3d743f7f6db78c5f4c70f365394a5"),  # week7/songs: 8 files
    Repo("Ahsan-Siddiqi/Harvard-CS50", "b32e34852299521f9c251cc51c47642d6640250f"),  # songs: 8 files
    Repo("AidPuska/cs50-code", "e05e987f680ea7082fabce10e2ca49de2caf9736"),  # songs: 8 files
    Repo("Aidas-Baublys/Harvard-s-CS50", "43373f6e63de1dbe157e0d23a6a6001822a5e02c"),  # songs: 8 files
    Repo("AiziNu/CS50-Projects", "c7dcd67840abd7f38d163accd61772d8414a7850"),  # songs: 8 files
    Repo("Albertoocosta/CS50-Harvard", "11d2d62bb86bd78da32873b1106f54dcb04513f2"),  # songs: 8 files
    Repo("AlexNunezNova/CS50x", "bb82ce3e849630f16063900d97d51dc50f057c9f"),  # songs: 8 files
    Repo("Alexey3250/CS50_projects", "655bb13b7e121d6b6ce4c160e73f50d339599277"),  # songs: 8 files
    Repo("Ali-Rezk/CS50", "d8e2ebff9c056c1e20add490da8bed174bc476ae"),  # CS50/songs: 8 files
    Repo("AliMostafa0127/CS50-projects", "3c59581a305f783b576fe74ca7fbafcfb4e333f9"),  # songs: 8 files
    Repo("AlinaDragu/HARVARDX-CS50X", "3cfd6200b754d2e3557e0882c153c722af591fee"),  # songs: 8 files
    Repo("Amination1/cs50", "59d039b45cb949d90e3521d8af7a03469518188e"),  # pset7/songs: 8 files
    Repo("AnanthIyer21/code50", "d455644dbc0c12fb0fbe5b52f595b7f91d7ee9fb"),  # songs: 8 files
    Repo("Andre-Arante/CS50", "0ce4904d1fc27d955a61d7d7d8d199b02cbdbb0a"),  # pset7/songs: 8 files
    Repo("Andy-xiaokang/CS50", "473dc6e1baf2de2b80d3fec6fed05adb450e985c"),  # songs: 8 files
    Repo("AngeloPavone/CS50", "182d0d8f97e31350eecaeb4c4221f8347dec14bf"),  # songs: 8 files
    Repo("AnnaLindroos/CS50Projects", "ca10d6f987d3682c23bcc9980480ad22803cad26"),  # songs: 8 files
    Repo("Anshuman-cs50/CS50x-2024", "82f9f384a41782694c14981bba160461b861cf09"),  # songs: 8 files
    Repo("Anudeep02/CS50", "3f6a278f4972fd3a1bec2d5a1a39f2f472e51e94"),  # songs: 8 files
    Repo("AnuragGhatti/Anurag_CS50X_Coursework", "09129a43d084b9a06fe67949a5838cb37780aa37"),  # songs: 8 files
    Repo("ApolloPhantom/CS50x-Submissions", "ce8b0f0184a75d591669215199cd80669e0c6b2c"),  # songs: 8 files
    Repo("AreejMazhar/CS50programs", "e9c4a2f0ae32d06922e97edfaa96f730e4d2ec65"),  # Week 7/songs: 8 files
    Repo("ArjunCodess/cs50_solutions", "167a99c412369b04449e6e13737894d865e9c133"),  # songs: 8 files
    Repo("Arnavgits/Arnav-cs50x", "99a692045a223b06edd7f9f7c0d50cedf345e7ae"),  # songs: 8 files
    Repo("ArthurVEROT/CS50-2022", "631fc94517f918d21f1bafd1e874bd453465c0d9"),  # week7/songs: 8 files
    Repo("Arulsubash/CS50x", "56adb5a573ae5d1aea00b44a840b4dc860430a06"),  # week7/songs: 8 files
    Repo("Asmblxer/CS50x-Problem-Set-Solutions", "cec4de3a9643e3de61fa05a73d6f7baebb886e3e"),  # week7/songs: 8 files
    Repo("AsulaAman/cs50-solutions", "43c33466e0bd609cc12115c4efdce3abbbe817b2"),  # songs: 8 files
    Repo("Atabek786/cs50code", "b638c12e282f933b08057b3ce4bb7cc78319a599"),  # songs: 8 files
    Repo("Ayush-desaii/CS50X", "0e80e5823d6d0cc4a75709e2411ff3288275dbb2"),  # songs: 8 files
    Repo("Azwa32/CS50x", "4d5d80289b05ac7bc65f20941e21c3ced119a38a"),  # Week 7/songs: 8 files
    Repo("BK247/CS50-Projects", "6c6f259fc8ffedd388114b0d35afd9f10ae4b9ad"),  # songs: 8 files
    Repo("BaslaelWorkineh/CS50-Project-Answers", "e2afccefad80974b4bb51dbdc04309e144646729"),  # songs: 8 files
    Repo("BenThomasPvt/CS50-X", "5967400bb1e96de26f69bce18118d404647b860c"),  # week7/songs: 8 files
    Repo("BenoitDervieux/CS50-My-solutions", "0b29029abf5cf15016ee511786b171fabf138207"),  # Week7/songs: 8 files
    Repo("Bharat1298/CS50", "0338aa5b96cc3e6200df365b11201e209ce53cb2"),  # songs: 8 files
    Repo("Boda1515/tasks_cs50", "f9121f67b6501ee9445bc6888ad9718640588b59"),  # week7/songs: 8 files
    Repo("BoiPlex/CS50", "c2c5b8ce9de879dca242de468bd41b1bf71bbc43"),  # songs: 8 files
    Repo("Brain-0ut/CS50", "dc8cf502679e2154bada0180aaace0bd2362fbbc"),  # Week7/songs: 8 files
    Repo("BrockAltug/CS", "bea27c930a19d23bd8da13c4e7ae5969a4cf5870"),  # songs: 8 files
    Repo("Broken82/CS50", "f96c991d934857e31e63f94dea164a6496e79ad1"),  # songs: 8 files
    Repo("C-X1an/CS50_Projects", "4931327507f3df8ba1ed653941a73ef6e7f2bb9f"),  # cs50x/Week7/songs: 8 files
    Repo("Caracioly/cs50", "50c80af62f1fef4deb8abf3733968d29bc39c39e"),  # songs: 8 files
    Repo("Carnitas/CS50", "f0754f404f450759027775e451e068410456ae97"),  # songs: 8 files
    Repo("CharlesNkdl/CS50", "0f8751a0d306d5f9a90e4b184c9fb7c420cdc6f9"),  # songs: 8 files
    Repo("Chhunneng/cs50", "d452b3c25acd4fdddfb228c5f3eb219ccb37e977"),  # songs: 8 files
    Repo("ChimpChonk/CS50", "42c22bb7e88391b4a97eb91c20fa18c4c66a94f0"),  # week7/songs: 8 files
    Repo("ChinmayKhachane/cs50_solutions", "4dd64e065f960786731065175ddff9b96ff43103"),  # songs: 8 files
    Repo("ChrOertlin/CS50", "a8cff9c04f2c16277da8e2d2df77053f442608e5"),  # week7/songs: 8 files
    Repo("Chuu5/CS50-solutions", "e2478f71f281acc348aab9b9c3767d3b9b0478ab"),  # songs: 8 files
    Repo("ClintonBeyene/Cs50-journey", "b2b7e9cabcee6e7640713c6545cfa749c3de5755"),  # songs: 8 files
    Repo("CobaltConcrete/CS50-2022", "388939ea292e4190ecdd6fdaca71e6f854260722"),  # songs: 8 files
    Repo("CousTov/CS50x2023", "d62ded77cca4be6309beefbb7d8a01c991a298f0"),  # songs: 8 files
    Repo("CubanWT/cs50", "2ab288615de256484d07153174ad972896809def"),  # songs: 8 files
    Repo("DCWhiteSnake/edX_Havard_CS50_Code", "cd25b83b38ed2f1d9bc8c6989c90af29332f0166"),  # songs: 8 files
    Repo("DGehrmann/CS50X", "c5fdbab8287386a6499be9874d9655aea0deb9b6"),  # songs: 8 files
    Repo("DanielTsiang/CS50x", "c1f1bf8c087472250e6fb6c0982011db3db9b904"),  # pset7/songs: 8 files
    Repo("DanielZustik/CS50course", "06fa6bddb5c840a4841210ea2b356a9cf392ae69"),  # CS50/week7/songs: 8 files
    Repo("DaveFriedman/cs50", "25f7cc388bb57f4997250adf662ffbe2fabc4fe2"),  # Week 7/songs: 8 files
    Repo("David-Mal/CS50_2023", "12224cadde1e5226b49a82126c7fd12690d5eba4"),  # pset7/songs: 8 files
    Repo("DavidSavvy/cs50", "01090d0759230087ef35b5674c455dc883ac44a7"),  # songs: 8 files
    Repo("Dchoi0729/cs50", "6b12e860589de9e7aa5b3d54004b63faa4f77865"),  # week7/songs: 8 files
    Repo("EJDC/CS50x-Work", "5875f240d996906e5891f3f40d88c2951468f51e"),  # songs: 8 files
    Repo("EMSMoreno/CS50x", "bfbc5498b23cc0bc6e10d56a12b52c0a449f8e29"),  # songs: 8 files
    Repo("EliasSchlie/CS50x", "b822e2b3940346d81aebd2dfd209333b7248cb4a"),  # Week7/songs: 8 files
    Repo("EzeCerino/CS50-P-Sets", "d13422f9e9dd442cafcbee7a2ec997ad33fb7354"),  # songs: 8 files
    Repo("FabioDiCeglie/Harvard-Computer-Science", "54c2f1dfa16791b4b1bc8e695c254af3808be2aa"),  # week7/songs: 8 files
    Repo("Fherder/cs50x", "abaa182ebf246ea75e185b4c0b7ea7aa3bc7f889"),  # songs: 8 files
    Repo("FifthElement5/CS50-challenges", "8b91e0ada9cfe7d2250e594fd2239b6fcf6c2851"),  # week7/songs: 8 files
    Repo("Flo-Slv/CS50", "7b45ee45d940901c232e53420a2a2c473bd42247"),  # Week 7/songs: 8 files
    Repo("Funnylaksa/cs50", "464ffcd242379b7ae6d6ac4c17984a4de395f05b"),  # pset7/songs: 8 files
    Repo("GeorgeDGQ/CS50x", "8b351058376b10cde4b5a46a448e35b1d4f29fe5"),  # Week 7/songs: 8 files
    Repo("Git-Yuya/cs50-intro-to-cs", "8a2551c49bf48f8da228f3fae3d124507d7ca5ad"),  # lab7/songs: 8 files
    Repo("GloriousGeek/cs50", "bceba284be48c15e2bf2ddf23007a28557dd58da"),  # songs: 8 files
    Repo("Gr-moura/CS50", "a3d517a47a622bc17849d2cea1d4ff51d9ffd197"),  # pset7/songs: 8 files
    Repo("GrahamStott18/CS50", "499f16ff51317d67288a9eb343f0b2c17b6b835d"),  # week7/songs: 8 files
    Repo("Grantoed/cs50x", "72464af425889b019f173f5e2090e4ce34115a28"),  # songs: 8 files
    Repo("Gultierd/CS50-X", "ae51cc6c635bb7b17babb7f59629ca52e2681764"),  # week7/songs: 8 files
    Repo("Gustavo-T-Carvalho/CS50", "fb4083c085147813d39609bb6a4bd813ee367ced"),  # Week 7/songs: 8 files
    Repo("Hamza-Nayab/CS50", "e4b2131241a7a5375fbb79bfe1a09a3a8673e5b9"),  # week7/songs: 8 files
    Repo("HansiGanter/CS50", "e4428694812f7a04878266272260e219bdb8e7f8"),  # week7/songs: 8 files
    Repo("HasanZawahra/cs50-solutions", "08766a0aff036e2f1160c47d867c7f0266a795bd"),  # week7/songs: 8 files
    Repo("HassanZakie75/CS50_pset", "25e5b34e23025815b83ba62f259cc2ed0e9464c0"),  # songs: 8 files
    Repo("Hhmmmk/CS50_2022", "e25f6ffb1009635b73a45c9c170a0a2580523512"),  # songs: 8 files
    Repo("HuangYiwen2003/CS50", "110fccea47854929ec91f2316f4337ddef027f4c"),  # lab7/songs: 8 files
    Repo("IAMAJAYPRO/CS50x", "496252d8962f2d587ae1f8f96879c22e77a8c10d"),  # Week 7/songs: 8 files
    Repo("INFINITE99KS/CS50x_pset_solutions", "82bb3c2614972bc4d671953bf359b33615ea2556"),  # pset7/songs: 8 files
    Repo("IgorRosax/CS50-Progress", "04c1ac9a8f867e204a4ee14074bedcf72d61ceec"),  # lab7/songs: 8 files
    Repo("Inocybe/CS50", "85ecdc974a74738ab08d52157f22e7192902d8b2"),  # pset7/songs: 8 files
    Repo("JCAvila2/CS50", "f3e9227ea90e6a919ec004c93ce57c46999df9ed"),  # Week 7/songs: 8 files
    Repo("JSchaefer21/CS50", "6619ac29d56d3841cadf6946b4228f6b46f3c36d"),  # week7/songs: 8 files
    Repo("Jawad-Ahmad-M/cs50x-SourceCode", "2b425c95e9821c03d6170a4ee7405bebb6d3f954"),  # Week 7/songs: 8 files
    Repo("Joegebah/CS50-Harvard", "d994ec0e6b521d67d43fa54c31cfe99f3b76c5ba"),  # week7/songs: 8 files
    Repo("JohnnySLDZ/cs50_2024", "f4ba67e89e83be980bdee3960cdbcf0e3847c7c3"),  # week7/songs: 8 files
    Repo("JulianSerio/CS50", "6dbc69c06c3e41484c998f839c0ae0791f88e89a"),  # Week 7/songs: 7 files
    Repo("JulioG516/Harvard-CS50", "8049e6059c1d989e70e15a494ff9f8e0b0109b20"),  # songs: 8 files
    Repo("K-sel/harvard-cs50", "b44a1090b70b4f67c6063938bd22e1e0075f9c38"),  # week7/songs: 8 files
    Repo("KamilSuwada/CS50-Labs-and-Problem-Sets", "a4578d41d6914c422cc85c2762fb7fdc66142ac7"),  # Week7/songs: 8 files
    Repo("KaoKsn/CS50x-2025", "7f105a9d13e9e20f5e187459db0bef1208fd360e"),  # Week 7/songs: 8 files
    Repo("KennedySovine/CS50x_2023", "48de4d58ff72b58adce0e57c177a35db35ce2495"),  # songs: 8 files
    Repo("LIGHTscrn/cs50_Assignments", "6d90b4eafd60011c9321411bb923b9c4ef1864a5"),  # week7/songs: 8 files
    Repo("LOLMaster490/CS50x2024PSetSolutions", "449346becf8f841771b52060480ab6a077c6495e"),  # week7/songs: 8 files
    Repo("Lemorita95/my-cs50", "d32dee210c1e00b2f966fcc85c92760cb19870ac"),  # week7/songs: 8 files
    Repo("LepoMepo/CS50", "3e60fda260b8b9f0d83a6c2f95ee9a9576f595c1"),  # Week 7/songs: 8 files
    Repo("LofiLeon/CS50", "aa37b6d70b8a4fbd46478900b9110d91fd534926"),  # Week7/songs: 8 files
    Repo("LouisaStrunk02/CS50Kurs", "d2a008c16fd0f4f30bdcfd5df5bb4cd5f134897a"),  # week7/songs: 8 files
    Repo("LuizGustavo8/CS50", "24f29602b1220ee48211c3f600de9a1948261824"),  # Week7/songs: 8 files
    Repo("MAkif3825/CS50", "0dbd0c6e88bb4e127ae114dd9b823ad43c15125d"),  # Week 7/songs: 8 files
    Repo("Mahider-T/CS50", "02d87dcf95ccfef1f648a6603e9123048e38c793"),  # songs: 8 files
    Repo("MahmoudSaeedB/CS50", "f349be5c2c3bd97e693198b17c00d3878cee656a"),  # week7/songs: 8 files
    Repo("MarcRaeder/CS50Kurs", "a76546951b918a158c97c002d82ee365d6447a20"),  # week7/songs: 8 files
    Repo("MarwanMekkawy/CS50", "fc6f9e924352362758db4b7a9816a3ad971e892a"),  # Week 7/songs: 8 files
    Repo("Marxi7/CS50x", "385e3fd42a5d9a9046e230836dc12febeb36e0b4"),  # week7/songs: 8 files
    Repo("Mo-ElMumin/CS50x-2022", "fb7be1298707f728714dc5ac0cc914c54f408f2d"),  # songs: 8 files
    Repo("MuhammadArham-maker/CS50x-projects", "86af455c1825fcbe949b5df86d237bef8bcccb36"),  # Week7/songs: 8 files
    Repo("NMukrami/CS50x", "d6c238a1b105c619dfa1fe1cea62472ab682e5eb"),  # songs: 8 files
    Repo("Negar-arian/cs50x", "eb1a8fc60e623c1877677af600d75504818217f2"),  # songs: 8 files
    Repo("NicolasSeij/Harvard-CS50x", "7332a24b1aca8f4d2fa800ea0841c80c1e789000"),  # songs: 8 files
    Repo("Noam-Elron/CS50", "d03b05f7fb5c05fb12e5a820e76719e0490d6da2"),  # labs/songs: 8 files
    Repo("OlavoCosta/CS50-harvard-university", "7c5fad82c6082c365932253b01fbddf01b7594e2"),  # Week 7/songs: 8 files
    Repo("Ottaplz/CS50-Submissions", "648c1752a2b3760fb9f48049bbb78e346017dcbc"),  # week7/songs: 8 files
    Repo("Peteryhs/CS50x24-Archive", "e3b738ff8a906ee234e7bfe84e324f54f0ace8c3"),  # Week 7/songs: 8 files
    Repo("PineappleBirch/CS50X", "32adfcc78c195003c595762e749875e001eff385"),  # Week 7/songs: 8 files
    Repo("Pinsoft2/Self-learning", "0463d9501262ad1e16272ef5f60f922cfdcac71a"),  # songs: 8 files
    Repo("Poronin/CS50-Computer-Science", "65c47b19e16153886fb28d0d7a53b62f5404a0bb"),  # songs: 8 files
    Repo("Qirall79/CS50x", "8009cf7565a0d939633f75642f2fdba73f424322"),  # week7/songs: 8 files
    Repo("Qwilliams815/HarvardCS50x", "a1a9021ef597f6e247915b1352ba4975bbbae52d"),  # songs: 8 files
    Repo("Ra1n-42/cs50-0", "c2594a41c705ee6c6fd96857f2b23e61070be6a3"),  # week7/songs: 8 files
    Repo("Raphdf201/cs50", "b573d95c2d165b9dd6e9f152fbe9fcceaceac321"),  # week7/songs: 8 files
    Repo("RaulMuroc/cs50", "2fb7c8ef76950fab01867ba131bee585403996fa"),  # songs: 8 files
    Repo("Rersome/CS50", "384088525fc2ad599b4445e7ac2589aa466acbc8"),  # week7/songs: 8 files
    Repo("Ronny200/CS50x", "18ea45a38cd7684facd73f83cf1ba43c03ed1607"),  # Week7/songs: 8 files
    Repo("SalaheddineBoudguigue/introToCs_cs50", "b5bb3c956a06e4e2ca3101d0cde4730f674f5d1d"),  # week7/songs: 8 files
    Repo("Sean95164/CS50x-2024", "5639ab931d55218b9a34b8c56e735b6db4b7ba17"),  # Week7/songs: 8 files
    Repo("Shaiksameer9452/CS50-PSet", "f1e2b493ea8bcbae1b20eeb94ec641e0df77c05f"),  # week7/songs: 8 files
    Repo("SiegfredLorelle/cs50x", "04e5a85a0f7710d9dc34bee1b43baa8ae666ffa8"),  # week7/songs: 8 files
    Repo("SimonRbk95/CS50", "85df607d7b8369a7cc50800ac9a6f4e3a5fbd783"),  # songs: 8 files
    Repo("SimoneMorella/CS50X", "e24598ca368e4cdc8a4920f7bcfe37c4db1c8626"),  # week7/songs: 8 files
    Repo("Threeinone/cs50x", "e2979bffb3f720b964499cdbfec026d21dcef58f"),  # songs: 8 files
    Repo("Titi-Gal/CS50x-projetcs", "b8e76cbb2005a04e88065eed6ff4d197b9659457"),  # songs: 8 files
    Repo("TulioPerez/CSCI-50", "97b5d5ef057ebd551bde14aa6cc565251afdf253"),  # week7/songs: 8 files
    Repo("UltraViolet33/CS50-CS-Introduction", "6ea17b3c9303a32a0a4ca2586235e842b424ccbb"),  # Week7/songs: 8 files
    Repo("Victor-268/SQL", "798071327ac7c1ae0b5f23191b7c51a4b8db4c3a"),  # songs: 8 files
    Repo("YiFeng/cs50", "992e4dca0e87cef82b1a8ee6b08c5ebdb8a436b5"),  # week7/songs: 8 files
    Repo("aaronrwang/cs50", "64b36eec8cdaa21a7abbc8108db2c8a26d0ee2f3"),  # Week7/songs: 8 files
    Repo("adensattler/CS50x-2022", "fbc7723357700f9dffb6ea271c35674574c566af"),  # week7/songs: 8 files
    Repo("adjorkas/CS50x_submissions", "8913305140131ce294b5ecd9e953eb61ace50b36"),  # week7/songs: 8 files
    Repo("aguirreLCD/cs50x", "1cf3905786c1f23cd1b2e770839e9bf49991b722"),  # week7/songs: 8 files
    Repo("ahmed-mohamed-77/CS50-SQL", "ea2f7edca3172b570d8ae02dd5bf477f8c7322cb"),  # songs: 8 files
    Repo("ajaygangwar245/CS50CompSci", "39972275340cdd0e6bd70ed29e8fd286014ba145"),  # week7/songs: 8 files
    Repo("aka1Neto/CS50", "c1236e1146113638f205dcda86ec0539b9a0269e"),  # week7/songs: 8 files
    Repo("ananito/CS50-solution", "add9adcc254e0ca9d6f42a2e0c0f6acd0309409e"),  # week7/lab/songs: 8 files
    Repo("anilkc01/CS50x", "1d6f0f01e242844972071b96291f276139790381"),  # Week7/songs: 8 files
    Repo("arcchiebald/my-cs50x", "97f5ca9fe07f1e239f354fbacfd8a487686cf0e5"),  # week7/lab7/songs: 8 files
    Repo("ashin9/CS50x", "505493940816775808cba0aabaab4e70d77fd4c6"),  # Week7/songs: 8 files
    Repo("bayank/cs50", "9ffe7e9ad5b4207fe676b68c8a115eeb854d032e"),  # week7/songs: 8 files
    Repo("byyan2020/cs50", "b46198153b480652e6ba87e25d803ef28e314be7"),  # week7/songs: 8 files
    Repo("cg030/CS50", "c779e7996b9a25f7fac27554b02ed9de59a3f7cc"),  # songs: 8 files
    Repo("danielledavid/codepractice", "3563345ffd6f04e0d8b3bc25ac7eac6878e26e01"),  # songs: 8 files
    Repo("danyeu/CS50x", "f23e4a53f84e6cd2ac1eda815c6dbd42a979fb3f"),  # 7 SQL/songs: 8 files
    Repo("dejoao/cs50x", "9ada4ef566d21d0ea99a2c93c1c2149d0ffc0c46"),  # week7/songs: 8 files
    Repo("destrier2/CS50-ProblemSets", "f3a08ee0e709e27062435200961237da7a3bf50b"),  # Week7/songs: 8 files
    Repo("dgoyzueta/cs50coding", "b053bd5fd1e65ab91e73a82e2af1113030ccbbb5"),  # songs: 8 files
    Repo("djidji09/CS50", "dcc3381242ecfa82b02118596e3706b8a48608e9"),  # week7/songs: 8 files
    Repo("douglasdotv/cs50x", "d036076e05206bd0228691c294fb1d049f29a45c"),  # Week7/songs: 8 files
    Repo("doulikecookiedough/cs50_2021", "691ce9ad51eec2896d1adf2581f2469a33b88ba0"),  # week7/songs: 8 files
    Repo("dro14/CS50x", "e6c0e422bf1f32437f932396046cc90451c4d524"),  # week7/songs: 8 files
    Repo("edniaj/CS50", "397d9211bdaa89f82817d9281822831b644c9ebb"),  # week7/songs: 8 files
    Repo("epinefri/CS50x", "0ae09a8db018ac4e47fc10962dd020c5e235ed41"),  # week7/songs: 8 files
    Repo("estarpro1022/CS50-Solution", "d5c61718ec2698e9e2fe9dfaf1860c8fc4c71d0f"),  # Week7/songs: 8 files
    Repo("fatxian/CS50_practice", "ec4f2fb1c7de8624e0b21c17c836e0f21f3dbf5b"),  # week7/songs: 8 files
    Repo("giga-sec/cs50", "ed3b92d47270bd1b0b7e778c92c4d2e9c1b6b314"),  # Week7/songs: 8 files
    Repo("grxxce/CS-50", "1224a887648683833b79c8a63934fee4c07a7da6"),  # Week7/songs: 8 files
    Repo("hayden1126/CS50x", "791a4769fbb466bfcdea2e9661b0a489c91a9245"),  # Week7/songs: 8 files
    Repo("heddxh/CS50X", "53041541c33c890343275c5c04fba982f8b0fa21"),  # week7/songs: 8 files
    Repo("hudmhelmi/cs50x_2023", "2945fd3907d34e35db10b473d4348cbd210a8b8f"),  # week7/songs: 8 files
    Repo("irenediaz1974/CS50", "6c094e0aeb42784f34e97c3ed363776fb974d615"),  # Week7/songs: 8 files
    Repo("ivanMCML/cs50X", "86d739183a6b9057c4c6d567da863425f39af718"),  # Week7/songs: 8 files
    Repo("joao-gabriel-gois/CS50_Introduction-To-Computer-Science", "315b4b57c0726ba2ea2621b675a6854e21f42b31"),  # Week7/songs: 8 files
    Repo("joaovitorwitt/CS50x", "7924bc5c37e3ffc4885f5dd1048cb1846a69b4ed"),  # week7/songs: 8 files
    Repo("jungleistx/cs_50", "d1940271202de5758afd3cda0889e35c2258636d"),  # week7/songs: 8 files
    Repo("lng205/CS50x2022", "b2f0d2a10c5ba046094a8fea9a03c0a5dce1b0c3"),  # Week7/songs: 8 files
    Repo("michelgrb/CS50-Introduction-to-Computer-Science-Harvard-University", "98e8d7e51315ddbe3e9f6dbd20bab6edf6a390ba"),  # Week7/songs: 8 files
    Repo("moralescd/CS50x_2022", "27301b0e7e102e112d5c088a7def8ae9a7d3d9ae"),  # Week7/songs: 8 files
    Repo("mouda4d/CS50", "828e04f7aada28e481b6bed44b77652eef877e53"),  # songs: 8 files
    Repo("nktrjsk/cs50", "a5ef4af6498a9f8ad6d535f8923f85b7299e691e"),  # Week7/songs: 8 files
    Repo("nthGH1030/Learn_CS50", "732431d8dc47c279acea98aafb52b146e8472237"),  # Week7/songs: 8 files
    Repo("seinjonetan/cs50", "09468e4cc5048cda72da3acf732b8bcfc634a322"),  # Week7/songs: 8 files
    Repo("timtim111141242/CS50x2025", "b3822467cda2be06be7bccf4de1e5d9c69a3e49b"),  # Week7/songs: 8 files
    Repo("trevdav1972/cs50-projects", "073e5f1ffddb304c621fd7dd69eab123a3c61771"),  # songs: 8 files
    Repo("tthierry64/CS50", "fd6adf195598c81c43049c332692ba0a66f47980"),  # Week7/songs: 8 files
    ],
)
