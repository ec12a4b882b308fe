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
    Repo("12458/cs50", "33b31ae494279ec900007827937c2bd80edaa4b6"),  # songs: 8 files
    Repo("AidPuska/cs50-code", "e05e987f680ea7082fabce10e2ca49de2caf9736"),  # songs: 8 files
    Repo("Arnavgits/Arnav-cs50x", "99a692045a223b06edd7f9f7c0d50cedf345e7ae"),  # songs: 8 files
    Repo("AsulaAman/cs50-solutions", "43c33466e0bd609cc12115c4efdce3abbbe817b2"),  # songs: 8 files
    Repo("BrockAltug/CS", "bea27c930a19d23bd8da13c4e7ae5969a4cf5870"),  # songs: 8 files
    Repo("Caracioly/cs50", "50c80af62f1fef4deb8abf3733968d29bc39c39e"),  # songs: 8 files
    Repo("Chuu5/CS50-solutions", "e2478f71f281acc348aab9b9c3767d3b9b0478ab"),  # songs: 8 files
    Repo("DavidSavvy/cs50", "01090d0759230087ef35b5674c455dc883ac44a7"),  # songs: 8 files
    Repo("Dchoi0729/cs50", "6b12e860589de9e7aa5b3d54004b63faa4f77865"),  # week7/songs: 8 files
    Repo("EJDC/CS50x-Work", "5875f240d996906e5891f3f40d88c2951468f51e"),  # songs: 8 files
    Repo("EMSMoreno/CS50x", "bfbc5498b23cc0bc6e10d56a12b52c0a449f8e29"),  # songs: 8 files
    Repo("EzeCerino/CS50-P-Sets", "d13422f9e9dd442cafcbee7a2ec997ad33fb7354"),  # songs: 8 files
    Repo("Fherder/cs50x", "abaa182ebf246ea75e185b4c0b7ea7aa3bc7f889"),  # songs: 8 files
    Repo("GloriousGeek/cs50", "bceba284be48c15e2bf2ddf23007a28557dd58da"),  # songs: 8 files
    Repo("Grantoed/cs50x", "72464af425889b019f173f5e2090e4ce34115a28"),  # songs: 8 files
    Repo("HassanZakie75/CS50_pset", "25e5b34e23025815b83ba62f259cc2ed0e9464c0"),  # songs: 8 files
    Repo("Hhmmmk/CS50_2022", "e25f6ffb1009635b73a45c9c170a0a2580523512"),  # songs: 8 files
    Repo("JulioG516/Harvard-CS50", "8049e6059c1d989e70e15a494ff9f8e0b0109b20"),  # songs: 8 files
    Repo("KennedySovine/CS50x_2023", "48de4d58ff72b58adce0e57c177a35db35ce2495"),  # songs: 8 files
    Repo("Mahider-T/CS50", "02d87dcf95ccfef1f648a6603e9123048e38c793"),  # songs: 8 files
    Repo("Mo-ElMumin/CS50x-2022", "fb7be1298707f728714dc5ac0cc914c54f408f2d"),  # songs: 8 files
    Repo("NMukrami/CS50x", "d6c238a1b105c619dfa1fe1cea62472ab682e5eb"),  # songs: 8 files
    Repo("Negar-arian/cs50x", "eb1a8fc60e623c1877677af600d75504818217f2"),  # songs: 8 files
    Repo("NicolasSeij/Harvard-CS50x", "7332a24b1aca8f4d2fa800ea0841c80c1e789000"),  # songs: 8 files
    Repo("Pinsoft2/Self-learning", "0463d9501262ad1e16272ef5f60f922cfdcac71a"),  # songs: 8 files
    Repo("Poronin/CS50-Computer-Science", "65c47b19e16153886fb28d0d7a53b62f5404a0bb"),  # songs: 8 files
    Repo("Qwilliams815/HarvardCS50x", "a1a9021ef597f6e247915b1352ba4975bbbae52d"),  # songs: 8 files
    Repo("RaulMuroc/cs50", "2fb7c8ef76950fab01867ba131bee585403996fa"),  # songs: 8 files
    Repo("SimonRbk95/CS50", "85df607d7b8369a7cc50800ac9a6f4e3a5fbd783"),  # songs: 8 files
    Repo("Threeinone/cs50x", "e2979bffb3f720b964499cdbfec026d21dcef58f"),  # songs: 8 files
    Repo("Titi-Gal/CS50x-projetcs", "b8e76cbb2005a04e88065eed6ff4d197b9659457"),  # songs: 8 files
    Repo("ahmed-mohamed-77/CS50-SQL", "ea2f7edca3172b570d8ae02dd5bf477f8c7322cb"),  # songs: 8 files
    Repo("trevdav1972/cs50-projects", "073e5f1ffddb304c621fd7dd69eab123a3c61771"),  # songs: 8 files
    ],
)
