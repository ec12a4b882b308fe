# Generated from SQLiteParser.g4 by ANTLR 4.13.2
# encoding: utf-8
from antlr4 import *
from io import StringIO
import sys
if sys.version_info[1] > 5:
	from typing import TextIO
else:
	from typing.io import TextIO

def serializedATN():
    return [
        4,1,114,670,2,0,7,0,2,1,7,1,2,2,7,2,2,3,7,3,2,4,7,4,2,5,7,5,2,6,
        7,6,2,7,7,7,2,8,7,8,2,9,7,9,2,10,7,10,2,11,7,11,2,12,7,12,2,13,7,
        13,2,14,7,14,2,15,7,15,2,16,7,16,2,17,7,17,2,18,7,18,2,19,7,19,2,
        20,7,20,2,21,7,21,2,22,7,22,2,23,7,23,2,24,7,24,2,25,7,25,2,26,7,
        26,2,27,7,27,2,28,7,28,2,29,7,29,2,30,7,30,2,31,7,31,2,32,7,32,2,
        33,7,33,2,34,7,34,2,35,7,35,2,36,7,36,2,37,7,37,2,38,7,38,1,0,1,
        0,5,0,81,8,0,10,0,12,0,84,9,0,1,0,1,0,1,1,3,1,89,8,1,1,1,1,1,1,1,
        1,1,5,1,95,8,1,10,1,12,1,98,9,1,1,1,3,1,101,8,1,1,1,3,1,104,8,1,
        1,2,1,2,3,2,108,8,2,1,2,1,2,1,2,5,2,113,8,2,10,2,12,2,116,9,2,1,
        3,1,3,1,3,1,3,1,3,5,3,123,8,3,10,3,12,3,126,9,3,1,3,1,3,3,3,130,
        8,3,1,3,1,3,3,3,134,8,3,1,3,3,3,137,8,3,1,3,1,3,1,3,1,3,1,4,1,4,
        3,4,145,8,4,1,4,1,4,3,4,149,8,4,1,5,1,5,3,5,153,8,5,1,5,1,5,3,5,
        157,8,5,1,5,3,5,160,8,5,1,5,3,5,163,8,5,1,5,3,5,166,8,5,1,5,3,5,
        169,8,5,1,6,1,6,1,6,1,6,5,6,175,8,6,10,6,12,6,178,9,6,1,7,1,7,1,
        7,1,7,5,7,184,8,7,10,7,12,7,187,9,7,1,7,1,7,1,8,1,8,1,8,5,8,194,
        8,8,10,8,12,8,197,9,8,1,9,1,9,1,9,1,9,1,9,1,9,1,9,1,9,1,9,3,9,208,
        8,9,1,9,3,9,211,8,9,3,9,213,8,9,1,10,1,10,1,10,1,11,1,11,1,11,1,
        11,3,11,222,8,11,5,11,224,8,11,10,11,12,11,227,9,11,1,12,1,12,3,
        12,231,8,12,1,12,1,12,3,12,235,8,12,1,12,1,12,3,12,239,8,12,1,12,
        3,12,242,8,12,1,12,1,12,1,12,3,12,247,8,12,1,13,1,13,1,13,1,13,1,
        13,1,13,1,13,5,13,256,8,13,10,13,12,13,259,9,13,1,13,1,13,3,13,263,
        8,13,1,14,1,14,1,14,1,14,3,14,269,8,14,1,14,3,14,272,8,14,1,14,1,
        14,1,14,1,14,1,14,3,14,279,8,14,1,14,1,14,1,14,1,14,1,14,5,14,286,
        8,14,10,14,12,14,289,9,14,1,14,1,14,1,14,1,14,3,14,295,8,14,1,14,
        3,14,298,8,14,1,14,1,14,1,14,1,14,1,14,1,14,3,14,306,8,14,1,14,3,
        14,309,8,14,1,14,1,14,1,14,1,14,3,14,315,8,14,1,15,1,15,1,15,3,15,
        320,8,15,1,15,1,15,1,16,1,16,1,16,1,17,1,17,1,17,1,17,5,17,331,8,
        17,10,17,12,17,334,9,17,1,17,1,17,3,17,338,8,17,1,17,1,17,3,17,342,
        8,17,1,18,1,18,1,18,1,18,5,18,348,8,18,10,18,12,18,351,9,18,1,19,
        1,19,1,19,1,19,1,19,1,19,1,20,1,20,1,20,1,20,5,20,363,8,20,10,20,
        12,20,366,9,20,1,21,1,21,3,21,370,8,21,1,21,1,21,3,21,374,8,21,1,
        22,1,22,1,22,1,22,3,22,380,8,22,1,23,1,23,1,23,1,23,1,23,1,23,1,
        23,1,23,1,23,1,23,1,23,1,23,1,23,5,23,395,8,23,10,23,12,23,398,9,
        23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,
        23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,3,23,420,8,23,1,23,1,23,1,
        23,1,23,1,23,4,23,427,8,23,11,23,12,23,428,1,23,1,23,3,23,433,8,
        23,1,23,1,23,3,23,437,8,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,
        23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,
        23,3,23,460,8,23,1,23,1,23,3,23,464,8,23,1,23,1,23,1,23,3,23,469,
        8,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,
        1,23,1,23,1,23,1,23,1,23,1,23,3,23,489,8,23,1,23,1,23,1,23,1,23,
        3,23,495,8,23,1,23,1,23,3,23,499,8,23,1,23,1,23,1,23,1,23,1,23,1,
        23,5,23,507,8,23,10,23,12,23,510,9,23,3,23,512,8,23,1,23,1,23,3,
        23,516,8,23,1,23,1,23,1,23,1,23,1,23,3,23,523,8,23,5,23,525,8,23,
        10,23,12,23,528,9,23,1,24,1,24,1,24,1,24,1,24,3,24,535,8,24,3,24,
        537,8,24,1,24,1,24,3,24,541,8,24,1,25,1,25,1,26,1,26,1,27,1,27,1,
        27,1,27,3,27,551,8,27,1,27,1,27,1,27,5,27,556,8,27,10,27,12,27,559,
        9,27,1,27,3,27,562,8,27,3,27,564,8,27,1,27,1,27,3,27,568,8,27,1,
        27,3,27,571,8,27,1,28,1,28,1,28,3,28,576,8,28,1,29,1,29,1,29,1,29,
        1,29,1,29,1,30,1,30,1,30,1,30,1,30,1,30,3,30,590,8,30,1,31,3,31,
        593,8,31,1,31,1,31,1,31,1,31,1,31,5,31,600,8,31,10,31,12,31,603,
        9,31,3,31,605,8,31,1,31,3,31,608,8,31,1,31,3,31,611,8,31,1,32,1,
        32,1,32,1,32,1,32,1,32,1,32,3,32,620,8,32,1,32,1,32,1,32,1,32,1,
        32,1,32,1,32,3,32,629,8,32,3,32,631,8,32,1,33,1,33,1,33,1,33,1,33,
        1,33,1,33,3,33,640,8,33,1,34,4,34,643,8,34,11,34,12,34,644,1,34,
        1,34,1,34,1,34,3,34,651,8,34,1,34,1,34,3,34,655,8,34,1,35,3,35,658,
        8,35,1,35,1,35,1,36,1,36,1,37,1,37,3,37,666,8,37,1,38,1,38,1,38,
        0,1,46,39,0,2,4,6,8,10,12,14,16,18,20,22,24,26,28,30,32,34,36,38,
        40,42,44,46,48,50,52,54,56,58,60,62,64,66,68,70,72,74,76,0,18,2,
        0,30,30,45,45,3,0,56,56,69,69,91,91,2,0,33,33,44,44,2,0,53,53,68,
        68,2,0,5,5,80,80,1,0,8,10,1,0,11,13,2,0,7,7,14,15,1,0,8,9,1,0,16,
        19,1,0,20,23,2,0,6,6,24,26,4,0,57,57,70,70,72,72,90,90,7,0,39,39,
        56,56,63,63,69,69,74,74,84,84,91,91,4,0,41,43,78,78,107,107,109,
        110,3,0,59,59,88,88,93,93,2,0,54,54,87,87,21,0,33,33,35,35,37,37,
        40,40,44,44,47,47,50,50,52,54,57,57,59,59,68,68,70,70,72,73,75,75,
        79,80,83,83,85,90,92,93,96,97,103,104,106,106,763,0,78,1,0,0,0,2,
        88,1,0,0,0,4,105,1,0,0,0,6,117,1,0,0,0,8,148,1,0,0,0,10,168,1,0,
        0,0,12,170,1,0,0,0,14,179,1,0,0,0,16,190,1,0,0,0,18,212,1,0,0,0,
        20,214,1,0,0,0,22,217,1,0,0,0,24,246,1,0,0,0,26,262,1,0,0,0,28,314,
        1,0,0,0,30,319,1,0,0,0,32,323,1,0,0,0,34,341,1,0,0,0,36,343,1,0,
        0,0,38,352,1,0,0,0,40,358,1,0,0,0,42,367,1,0,0,0,44,375,1,0,0,0,
        46,436,1,0,0,0,48,536,1,0,0,0,50,542,1,0,0,0,52,544,1,0,0,0,54,546,
        1,0,0,0,56,575,1,0,0,0,58,577,1,0,0,0,60,583,1,0,0,0,62,592,1,0,
        0,0,64,612,1,0,0,0,66,639,1,0,0,0,68,642,1,0,0,0,70,657,1,0,0,0,
        72,661,1,0,0,0,74,665,1,0,0,0,76,667,1,0,0,0,78,82,3,2,1,0,79,81,
        5,1,0,0,80,79,1,0,0,0,81,84,1,0,0,0,82,80,1,0,0,0,82,83,1,0,0,0,
        83,85,1,0,0,0,84,82,1,0,0,0,85,86,5,0,0,1,86,1,1,0,0,0,87,89,3,4,
        2,0,88,87,1,0,0,0,88,89,1,0,0,0,89,90,1,0,0,0,90,96,3,10,5,0,91,
        92,3,8,4,0,92,93,3,10,5,0,93,95,1,0,0,0,94,91,1,0,0,0,95,98,1,0,
        0,0,96,94,1,0,0,0,96,97,1,0,0,0,97,100,1,0,0,0,98,96,1,0,0,0,99,
        101,3,40,20,0,100,99,1,0,0,0,100,101,1,0,0,0,101,103,1,0,0,0,102,
        104,3,44,22,0,103,102,1,0,0,0,103,104,1,0,0,0,104,3,1,0,0,0,105,
        107,5,104,0,0,106,108,5,89,0,0,107,106,1,0,0,0,107,108,1,0,0,0,108,
        109,1,0,0,0,109,114,3,6,3,0,110,111,5,5,0,0,111,113,3,6,3,0,112,
        110,1,0,0,0,113,116,1,0,0,0,114,112,1,0,0,0,114,115,1,0,0,0,115,
        5,1,0,0,0,116,114,1,0,0,0,117,129,3,72,36,0,118,119,5,3,0,0,119,
        124,3,76,38,0,120,121,5,5,0,0,121,123,3,76,38,0,122,120,1,0,0,0,
        123,126,1,0,0,0,124,122,1,0,0,0,124,125,1,0,0,0,125,127,1,0,0,0,
        126,124,1,0,0,0,127,128,5,4,0,0,128,130,1,0,0,0,129,118,1,0,0,0,
        129,130,1,0,0,0,130,131,1,0,0,0,131,136,5,32,0,0,132,134,5,76,0,
        0,133,132,1,0,0,0,133,134,1,0,0,0,134,135,1,0,0,0,135,137,5,73,0,
        0,136,133,1,0,0,0,136,137,1,0,0,0,137,138,1,0,0,0,138,139,5,3,0,
        0,139,140,3,2,1,0,140,141,5,4,0,0,141,7,1,0,0,0,142,144,5,98,0,0,
        143,145,5,30,0,0,144,143,1,0,0,0,144,145,1,0,0,0,145,149,1,0,0,0,
        146,149,5,64,0,0,147,149,5,49,0,0,148,142,1,0,0,0,148,146,1,0,0,
        0,148,147,1,0,0,0,149,9,1,0,0,0,150,152,5,94,0,0,151,153,7,0,0,0,
        152,151,1,0,0,0,152,153,1,0,0,0,153,154,1,0,0,0,154,156,3,16,8,0,
        155,157,3,20,10,0,156,155,1,0,0,0,156,157,1,0,0,0,157,159,1,0,0,
        0,158,160,3,32,16,0,159,158,1,0,0,0,159,160,1,0,0,0,160,162,1,0,
        0,0,161,163,3,34,17,0,162,161,1,0,0,0,162,163,1,0,0,0,163,165,1,
        0,0,0,164,166,3,36,18,0,165,164,1,0,0,0,165,166,1,0,0,0,166,169,
        1,0,0,0,167,169,3,12,6,0,168,150,1,0,0,0,168,167,1,0,0,0,169,11,
        1,0,0,0,170,171,5,100,0,0,171,176,3,14,7,0,172,173,5,5,0,0,173,175,
        3,14,7,0,174,172,1,0,0,0,175,178,1,0,0,0,176,174,1,0,0,0,176,177,
        1,0,0,0,177,13,1,0,0,0,178,176,1,0,0,0,179,180,5,3,0,0,180,185,3,
        46,23,0,181,182,5,5,0,0,182,184,3,46,23,0,183,181,1,0,0,0,184,187,
        1,0,0,0,185,183,1,0,0,0,185,186,1,0,0,0,186,188,1,0,0,0,187,185,
        1,0,0,0,188,189,5,4,0,0,189,15,1,0,0,0,190,195,3,18,9,0,191,192,
        5,5,0,0,192,194,3,18,9,0,193,191,1,0,0,0,194,197,1,0,0,0,195,193,
        1,0,0,0,195,196,1,0,0,0,196,17,1,0,0,0,197,195,1,0,0,0,198,213,5,
        7,0,0,199,200,3,72,36,0,200,201,5,2,0,0,201,202,5,7,0,0,202,213,
        1,0,0,0,203,210,3,46,23,0,204,207,5,32,0,0,205,208,3,74,37,0,206,
        208,3,50,25,0,207,205,1,0,0,0,207,206,1,0,0,0,208,211,1,0,0,0,209,
        211,3,74,37,0,210,204,1,0,0,0,210,209,1,0,0,0,210,211,1,0,0,0,211,
        213,1,0,0,0,212,198,1,0,0,0,212,199,1,0,0,0,212,203,1,0,0,0,213,
        19,1,0,0,0,214,215,5,55,0,0,215,216,3,22,11,0,216,21,1,0,0,0,217,
        225,3,28,14,0,218,219,3,24,12,0,219,221,3,28,14,0,220,222,3,26,13,
        0,221,220,1,0,0,0,221,222,1,0,0,0,222,224,1,0,0,0,223,218,1,0,0,
        0,224,227,1,0,0,0,225,223,1,0,0,0,225,226,1,0,0,0,226,23,1,0,0,0,
        227,225,1,0,0,0,228,247,5,5,0,0,229,231,5,74,0,0,230,229,1,0,0,0,
        230,231,1,0,0,0,231,232,1,0,0,0,232,234,7,1,0,0,233,235,5,84,0,0,
        234,233,1,0,0,0,234,235,1,0,0,0,235,236,1,0,0,0,236,247,5,67,0,0,
        237,239,5,74,0,0,238,237,1,0,0,0,238,239,1,0,0,0,239,241,1,0,0,0,
        240,242,5,63,0,0,241,240,1,0,0,0,241,242,1,0,0,0,242,243,1,0,0,0,
        243,247,5,67,0,0,244,245,5,39,0,0,245,247,5,67,0,0,246,228,1,0,0,
        0,246,230,1,0,0,0,246,238,1,0,0,0,246,244,1,0,0,0,247,25,1,0,0,0,
        248,249,5,81,0,0,249,263,3,46,23,0,250,251,5,99,0,0,251,252,5,3,
        0,0,252,257,3,76,38,0,253,254,5,5,0,0,254,256,3,76,38,0,255,253,
        1,0,0,0,256,259,1,0,0,0,257,255,1,0,0,0,257,258,1,0,0,0,258,260,
        1,0,0,0,259,257,1,0,0,0,260,261,5,4,0,0,261,263,1,0,0,0,262,248,
        1,0,0,0,262,250,1,0,0,0,263,27,1,0,0,0,264,271,3,30,15,0,265,268,
        5,32,0,0,266,269,3,74,37,0,267,269,3,50,25,0,268,266,1,0,0,0,268,
        267,1,0,0,0,269,272,1,0,0,0,270,272,3,74,37,0,271,265,1,0,0,0,271,
        270,1,0,0,0,271,272,1,0,0,0,272,278,1,0,0,0,273,274,5,62,0,0,274,
        275,5,35,0,0,275,279,3,76,38,0,276,277,5,76,0,0,277,279,5,62,0,0,
        278,273,1,0,0,0,278,276,1,0,0,0,278,279,1,0,0,0,279,315,1,0,0,0,
        280,281,3,30,15,0,281,282,5,3,0,0,282,287,3,46,23,0,283,284,5,5,
        0,0,284,286,3,46,23,0,285,283,1,0,0,0,286,289,1,0,0,0,287,285,1,
        0,0,0,287,288,1,0,0,0,288,290,1,0,0,0,289,287,1,0,0,0,290,297,5,
        4,0,0,291,294,5,32,0,0,292,295,3,74,37,0,293,295,3,50,25,0,294,292,
        1,0,0,0,294,293,1,0,0,0,295,298,1,0,0,0,296,298,3,74,37,0,297,291,
        1,0,0,0,297,296,1,0,0,0,297,298,1,0,0,0,298,315,1,0,0,0,299,300,
        5,3,0,0,300,301,3,2,1,0,301,308,5,4,0,0,302,305,5,32,0,0,303,306,
        3,74,37,0,304,306,3,50,25,0,305,303,1,0,0,0,305,304,1,0,0,0,306,
        309,1,0,0,0,307,309,3,74,37,0,308,302,1,0,0,0,308,307,1,0,0,0,308,
        309,1,0,0,0,309,315,1,0,0,0,310,311,5,3,0,0,311,312,3,22,11,0,312,
        313,5,4,0,0,313,315,1,0,0,0,314,264,1,0,0,0,314,280,1,0,0,0,314,
        299,1,0,0,0,314,310,1,0,0,0,315,29,1,0,0,0,316,317,3,76,38,0,317,
        318,5,2,0,0,318,320,1,0,0,0,319,316,1,0,0,0,319,320,1,0,0,0,320,
        321,1,0,0,0,321,322,3,72,36,0,322,31,1,0,0,0,323,324,5,102,0,0,324,
        325,3,46,23,0,325,33,1,0,0,0,326,327,5,27,0,0,327,332,3,46,23,0,
        328,329,5,5,0,0,329,331,3,46,23,0,330,328,1,0,0,0,331,334,1,0,0,
        0,332,330,1,0,0,0,332,333,1,0,0,0,333,337,1,0,0,0,334,332,1,0,0,
        0,335,336,5,60,0,0,336,338,3,46,23,0,337,335,1,0,0,0,337,338,1,0,
        0,0,338,342,1,0,0,0,339,340,5,60,0,0,340,342,3,46,23,0,341,326,1,
        0,0,0,341,339,1,0,0,0,342,35,1,0,0,0,343,344,5,103,0,0,344,349,3,
        38,19,0,345,346,5,5,0,0,346,348,3,38,19,0,347,345,1,0,0,0,348,351,
        1,0,0,0,349,347,1,0,0,0,349,350,1,0,0,0,350,37,1,0,0,0,351,349,1,
        0,0,0,352,353,3,76,38,0,353,354,5,32,0,0,354,355,5,3,0,0,355,356,
        3,62,31,0,356,357,5,4,0,0,357,39,1,0,0,0,358,359,5,28,0,0,359,364,
        3,42,21,0,360,361,5,5,0,0,361,363,3,42,21,0,362,360,1,0,0,0,363,
        366,1,0,0,0,364,362,1,0,0,0,364,365,1,0,0,0,365,41,1,0,0,0,366,364,
        1,0,0,0,367,369,3,46,23,0,368,370,7,2,0,0,369,368,1,0,0,0,369,370,
        1,0,0,0,370,373,1,0,0,0,371,372,5,79,0,0,372,374,7,3,0,0,373,371,
        1,0,0,0,373,374,1,0,0,0,374,43,1,0,0,0,375,376,5,71,0,0,376,379,
        3,46,23,0,377,378,7,4,0,0,378,380,3,46,23,0,379,377,1,0,0,0,379,
        380,1,0,0,0,380,45,1,0,0,0,381,382,6,23,-1,0,382,437,3,52,26,0,383,
        437,5,108,0,0,384,437,3,48,24,0,385,386,7,5,0,0,386,437,3,46,23,
        22,387,388,5,76,0,0,388,437,3,46,23,9,389,437,3,54,27,0,390,391,
        5,3,0,0,391,396,3,46,23,0,392,393,5,5,0,0,393,395,3,46,23,0,394,
        392,1,0,0,0,395,398,1,0,0,0,396,394,1,0,0,0,396,397,1,0,0,0,397,
        399,1,0,0,0,398,396,1,0,0,0,399,400,5,4,0,0,400,437,1,0,0,0,401,
        402,5,3,0,0,402,403,3,2,1,0,403,404,5,4,0,0,404,437,1,0,0,0,405,
        406,5,51,0,0,406,407,5,3,0,0,407,408,3,2,1,0,408,409,5,4,0,0,409,
        437,1,0,0,0,410,411,5,37,0,0,411,412,5,3,0,0,412,413,3,46,23,0,413,
        414,5,32,0,0,414,415,3,68,34,0,415,416,5,4,0,0,416,437,1,0,0,0,417,
        419,5,36,0,0,418,420,3,46,23,0,419,418,1,0,0,0,419,420,1,0,0,0,420,
        426,1,0,0,0,421,422,5,101,0,0,422,423,3,46,23,0,423,424,5,95,0,0,
        424,425,3,46,23,0,425,427,1,0,0,0,426,421,1,0,0,0,427,428,1,0,0,
        0,428,426,1,0,0,0,428,429,1,0,0,0,429,432,1,0,0,0,430,431,5,46,0,
        0,431,433,3,46,23,0,432,430,1,0,0,0,432,433,1,0,0,0,433,434,1,0,
        0,0,434,435,5,47,0,0,435,437,1,0,0,0,436,381,1,0,0,0,436,383,1,0,
        0,0,436,384,1,0,0,0,436,385,1,0,0,0,436,387,1,0,0,0,436,389,1,0,
        0,0,436,390,1,0,0,0,436,401,1,0,0,0,436,405,1,0,0,0,436,410,1,0,
        0,0,436,417,1,0,0,0,437,526,1,0,0,0,438,439,10,20,0,0,439,440,7,
        6,0,0,440,525,3,46,23,21,441,442,10,19,0,0,442,443,7,7,0,0,443,525,
        3,46,23,20,444,445,10,18,0,0,445,446,7,8,0,0,446,525,3,46,23,19,
        447,448,10,17,0,0,448,449,7,9,0,0,449,525,3,46,23,18,450,451,10,
        16,0,0,451,452,7,10,0,0,452,525,3,46,23,17,453,454,10,15,0,0,454,
        455,7,11,0,0,455,525,3,46,23,16,456,457,10,14,0,0,457,459,5,65,0,
        0,458,460,5,76,0,0,459,458,1,0,0,0,459,460,1,0,0,0,460,463,1,0,0,
        0,461,462,5,45,0,0,462,464,5,55,0,0,463,461,1,0,0,0,463,464,1,0,
        0,0,464,465,1,0,0,0,465,525,3,46,23,15,466,468,10,12,0,0,467,469,
        5,76,0,0,468,467,1,0,0,0,468,469,1,0,0,0,469,470,1,0,0,0,470,471,
        5,34,0,0,471,472,3,46,23,0,472,473,5,31,0,0,473,474,3,46,23,13,474,
        525,1,0,0,0,475,476,10,8,0,0,476,477,4,23,9,0,477,478,5,31,0,0,478,
        525,3,46,23,9,479,480,10,7,0,0,480,481,4,23,11,0,481,482,5,82,0,
        0,482,525,3,46,23,8,483,484,10,21,0,0,484,485,5,38,0,0,485,525,3,
        76,38,0,486,488,10,13,0,0,487,489,5,76,0,0,488,487,1,0,0,0,488,489,
        1,0,0,0,489,490,1,0,0,0,490,491,7,12,0,0,491,494,3,46,23,0,492,493,
        5,48,0,0,493,495,3,46,23,0,494,492,1,0,0,0,494,495,1,0,0,0,495,525,
        1,0,0,0,496,498,10,11,0,0,497,499,5,76,0,0,498,497,1,0,0,0,498,499,
        1,0,0,0,499,500,1,0,0,0,500,515,5,61,0,0,501,511,5,3,0,0,502,512,
        3,2,1,0,503,508,3,46,23,0,504,505,5,5,0,0,505,507,3,46,23,0,506,
        504,1,0,0,0,507,510,1,0,0,0,508,506,1,0,0,0,508,509,1,0,0,0,509,
        512,1,0,0,0,510,508,1,0,0,0,511,502,1,0,0,0,511,503,1,0,0,0,511,
        512,1,0,0,0,512,513,1,0,0,0,513,516,5,4,0,0,514,516,3,30,15,0,515,
        501,1,0,0,0,515,514,1,0,0,0,516,525,1,0,0,0,517,522,10,10,0,0,518,
        523,5,66,0,0,519,523,5,77,0,0,520,521,5,76,0,0,521,523,5,78,0,0,
        522,518,1,0,0,0,522,519,1,0,0,0,522,520,1,0,0,0,523,525,1,0,0,0,
        524,438,1,0,0,0,524,441,1,0,0,0,524,444,1,0,0,0,524,447,1,0,0,0,
        524,450,1,0,0,0,524,453,1,0,0,0,524,456,1,0,0,0,524,466,1,0,0,0,
        524,475,1,0,0,0,524,479,1,0,0,0,524,483,1,0,0,0,524,486,1,0,0,0,
        524,496,1,0,0,0,524,517,1,0,0,0,525,528,1,0,0,0,526,524,1,0,0,0,
        526,527,1,0,0,0,527,47,1,0,0,0,528,526,1,0,0,0,529,530,3,76,38,0,
        530,534,5,2,0,0,531,532,3,76,38,0,532,533,5,2,0,0,533,535,1,0,0,
        0,534,531,1,0,0,0,534,535,1,0,0,0,535,537,1,0,0,0,536,529,1,0,0,
        0,536,537,1,0,0,0,537,540,1,0,0,0,538,541,3,76,38,0,539,541,3,50,
        25,0,540,538,1,0,0,0,540,539,1,0,0,0,541,49,1,0,0,0,542,543,7,13,
        0,0,543,51,1,0,0,0,544,545,7,14,0,0,545,53,1,0,0,0,546,547,3,56,
        28,0,547,563,5,3,0,0,548,564,5,7,0,0,549,551,5,45,0,0,550,549,1,
        0,0,0,550,551,1,0,0,0,551,552,1,0,0,0,552,557,3,46,23,0,553,554,
        5,5,0,0,554,556,3,46,23,0,555,553,1,0,0,0,556,559,1,0,0,0,557,555,
        1,0,0,0,557,558,1,0,0,0,558,561,1,0,0,0,559,557,1,0,0,0,560,562,
        3,40,20,0,561,560,1,0,0,0,561,562,1,0,0,0,562,564,1,0,0,0,563,548,
        1,0,0,0,563,550,1,0,0,0,563,564,1,0,0,0,564,565,1,0,0,0,565,567,
        5,4,0,0,566,568,3,58,29,0,567,566,1,0,0,0,567,568,1,0,0,0,568,570,
        1,0,0,0,569,571,3,60,30,0,570,569,1,0,0,0,570,571,1,0,0,0,571,55,
        1,0,0,0,572,576,3,76,38,0,573,576,5,69,0,0,574,576,5,91,0,0,575,
        572,1,0,0,0,575,573,1,0,0,0,575,574,1,0,0,0,576,57,1,0,0,0,577,578,
        5,52,0,0,578,579,5,3,0,0,579,580,5,102,0,0,580,581,3,46,23,0,581,
        582,5,4,0,0,582,59,1,0,0,0,583,589,5,85,0,0,584,590,3,76,38,0,585,
        586,5,3,0,0,586,587,3,62,31,0,587,588,5,4,0,0,588,590,1,0,0,0,589,
        584,1,0,0,0,589,585,1,0,0,0,590,61,1,0,0,0,591,593,3,76,38,0,592,
        591,1,0,0,0,592,593,1,0,0,0,593,604,1,0,0,0,594,595,5,86,0,0,595,
        596,5,35,0,0,596,601,3,46,23,0,597,598,5,5,0,0,598,600,3,46,23,0,
        599,597,1,0,0,0,600,603,1,0,0,0,601,599,1,0,0,0,601,602,1,0,0,0,
        602,605,1,0,0,0,603,601,1,0,0,0,604,594,1,0,0,0,604,605,1,0,0,0,
        605,607,1,0,0,0,606,608,3,40,20,0,607,606,1,0,0,0,607,608,1,0,0,
        0,608,610,1,0,0,0,609,611,3,64,32,0,610,609,1,0,0,0,610,611,1,0,
        0,0,611,63,1,0,0,0,612,619,7,15,0,0,613,614,5,34,0,0,614,615,3,66,
        33,0,615,616,5,31,0,0,616,617,3,66,33,0,617,620,1,0,0,0,618,620,
        3,66,33,0,619,613,1,0,0,0,619,618,1,0,0,0,620,630,1,0,0,0,621,628,
        5,50,0,0,622,623,5,75,0,0,623,629,5,83,0,0,624,625,5,40,0,0,625,
        629,5,92,0,0,626,629,5,58,0,0,627,629,5,96,0,0,628,622,1,0,0,0,628,
        624,1,0,0,0,628,626,1,0,0,0,628,627,1,0,0,0,629,631,1,0,0,0,630,
        621,1,0,0,0,630,631,1,0,0,0,631,65,1,0,0,0,632,633,5,97,0,0,633,
        640,7,16,0,0,634,635,5,40,0,0,635,640,5,92,0,0,636,637,3,46,23,0,
        637,638,7,16,0,0,638,640,1,0,0,0,639,632,1,0,0,0,639,634,1,0,0,0,
        639,636,1,0,0,0,640,67,1,0,0,0,641,643,3,76,38,0,642,641,1,0,0,0,
        643,644,1,0,0,0,644,642,1,0,0,0,644,645,1,0,0,0,645,654,1,0,0,0,
        646,647,5,3,0,0,647,650,3,70,35,0,648,649,5,5,0,0,649,651,3,70,35,
        0,650,648,1,0,0,0,650,651,1,0,0,0,651,652,1,0,0,0,652,653,5,4,0,
        0,653,655,1,0,0,0,654,646,1,0,0,0,654,655,1,0,0,0,655,69,1,0,0,0,
        656,658,7,8,0,0,657,656,1,0,0,0,657,658,1,0,0,0,658,659,1,0,0,0,
        659,660,5,107,0,0,660,71,1,0,0,0,661,662,3,76,38,0,662,73,1,0,0,
        0,663,666,3,76,38,0,664,666,5,109,0,0,665,663,1,0,0,0,665,664,1,
        0,0,0,666,75,1,0,0,0,667,668,7,17,0,0,668,77,1,0,0,0,94,82,88,96,
        100,103,107,114,124,129,133,136,144,148,152,156,159,162,165,168,
        176,185,195,207,210,212,221,225,230,234,238,241,246,257,262,268,
        271,278,287,294,297,305,308,314,319,332,337,341,349,364,369,373,
        379,396,419,428,432,436,459,463,468,488,494,498,508,511,515,522,
        524,526,534,536,540,550,557,561,563,567,570,575,589,592,601,604,
        607,610,619,628,630,639,644,650,654,657,665
    ]

class SQLiteParser ( Parser ):

    grammarFileName = "SQLiteParser.g4"

    atn = ATNDeserializer().deserialize(serializedATN())

    decisionsToDFA = [ DFA(ds, i) for i, ds in enumerate(atn.decisionToState) ]

    sharedContextCache = PredictionContextCache()

    literalNames = [ "<INVALID>", "';'", "'.'", "'('", "')'", "','", "'='", 
                     "'*'", "'+'", "'-'", "'~'", "'||'", "'->>'", "'->'", 
                     "'/'", "'%'", "'<<'", "'>>'", "'&'", "'|'", "'<'", 
                     "'<='", "'>'", "'>='", "'=='", "'!='", "'<>'", "<INVALID>", 
                     "<INVALID>", "<INVALID>", "'ALL'", "'AND'", "'AS'", 
                     "'ASC'", "'BETWEEN'", "'BY'", "'CASE'", "'CAST'", "'COLLATE'", 
                     "'CROSS'", "'CURRENT'", "'CURRENT_DATE'", "'CURRENT_TIME'", 
                     "'CURRENT_TIMESTAMP'", "'DESC'", "'DISTINCT'", "'ELSE'", 
                     "'END'", "'ESCAPE'", "'EXCEPT'", "'EXCLUDE'", "'EXISTS'", 
                     "'FILTER'", "'FIRST'", "'FOLLOWING'", "'FROM'", "'FULL'", 
                     "'GLOB'", "'GROUP'", "'GROUPS'", "'HAVING'", "'IN'", 
                     "'INDEXED'", "'INNER'", "'INTERSECT'", "'IS'", "'ISNULL'", 
                     "'JOIN'", "'LAST'", "'LEFT'", "'LIKE'", "'LIMIT'", 
                     "'MATCH'", "'MATERIALIZED'", "'NATURAL'", "'NO'", "'NOT'", 
                     "'NOTNULL'", "'NULL'", "'NULLS'", "'OFFSET'", "'ON'", 
                     "'OR'", "'OTHERS'", "'OUTER'", "'OVER'", "'PARTITION'", 
                     "'PRECEDING'", "'RANGE'", "'RECURSIVE'", "'REGEXP'", 
                     "'RIGHT'", "'ROW'", "'ROWS'", "'SELECT'", "'THEN'", 
                     "'TIES'", "'UNBOUNDED'", "'UNION'", "'USING'", "'VALUES'", 
                     "'WHEN'", "'WHERE'", "'WINDOW'", "'WITH'" ]

    symbolicNames = [ "<INVALID>", "SCOL", "DOT", "OPEN_PAR", "CLOSE_PAR", 
                      "COMMA", "ASSIGN", "STAR", "PLUS", "MINUS", "TILDE", 
                      "PIPE2", "JPTR2", "JPTR", "DIV", "MOD", "LT2", "GT2", 
                      "AMP", "PIPE", "LT", "LT_EQ", "GT", "GT_EQ", "EQ", 
                      "NOT_EQ1", "NOT_EQ2", "GROUP_BY_", "ORDER_BY_", "GLUED_BY_", 
                      "ALL_", "AND_", "AS_", "ASC_", "BETWEEN_", "BY_", 
                      "CASE_", "CAST_", "COLLATE_", "CROSS_", "CURRENT_", 
                      "CURRENT_DATE_", "CURRENT_TIME_", "CURRENT_TIMESTAMP_", 
                      "DESC_", "DISTINCT_", "ELSE_", "END_", "ESCAPE_", 
                      "EXCEPT_", "EXCLUDE_", "EXISTS_", "FILTER_", "FIRST_", 
                      "FOLLOWING_", "FROM_", "FULL_", "GLOB_", "GROUP_", 
                      "GROUPS_", "HAVING_", "IN_", "INDEXED_", "INNER_", 
                      "INTERSECT_", "IS_", "ISNULL_", "JOIN_", "LAST_", 
                      "LEFT_", "LIKE_", "LIMIT_", "MATCH_", "MATERIALIZED_", 
                      "NATURAL_", "NO_", "NOT_", "NOTNULL_", "NULL_", "NULLS_", 
                      "OFFSET_", "ON_", "OR_", "OTHERS_", "OUTER_", "OVER_", 
                      "PARTITION_", "PRECEDING_", "RANGE_", "RECURSIVE_", 
                      "REGEXP_", "RIGHT_", "ROW_", "ROWS_", "SELECT_", "THEN_", 
                      "TIES_", "UNBOUNDED_", "UNION_", "USING_", "VALUES_", 
                      "WHEN_", "WHERE_", "WINDOW_", "WITH_", "RESERVED_", 
                      "IDENTIFIER", "NUMERIC_LITERAL", "BIND_PARAMETER", 
                      "STRING_LITERAL", "BLOB_LITERAL", "SINGLE_LINE_COMMENT", 
                      "MULTILINE_COMMENT", "SPACES", "UNEXPECTED_CHAR" ]

    RULE_parse = 0
    RULE_select_stmt = 1
    RULE_with_clause = 2
    RULE_common_table_expression = 3
    RULE_compound_operator = 4
    RULE_select_core = 5
    RULE_values_clause = 6
    RULE_row_value = 7
    RULE_result_clause = 8
    RULE_result_column = 9
    RULE_from_clause = 10
    RULE_join_clause = 11
    RULE_join_operator = 12
    RULE_join_constraint = 13
    RULE_table_or_subquery = 14
    RULE_qualified_table_name = 15
    RULE_where_clause = 16
    RULE_group_by_clause = 17
    RULE_window_clause = 18
    RULE_named_window = 19
    RULE_order_by_clause = 20
    RULE_ordering_term = 21
    RULE_limit_clause = 22
    RULE_expr = 23
    RULE_column_ref = 24
    RULE_join_keyword = 25
    RULE_literal = 26
    RULE_function_call = 27
    RULE_function_name = 28
    RULE_filter_clause = 29
    RULE_over_clause = 30
    RULE_window_defn = 31
    RULE_frame_spec = 32
    RULE_frame_bound = 33
    RULE_type_name = 34
    RULE_signed_number = 35
    RULE_table_name = 36
    RULE_alias = 37
    RULE_identifier = 38

    ruleNames =  [ "parse", "select_stmt", "with_clause", "common_table_expression", 
                   "compound_operator", "select_core", "values_clause", 
                   "row_value", "result_clause", "result_column", "from_clause", 
                   "join_clause", "join_operator", "join_constraint", "table_or_subquery", 
                   "qualified_table_name", "where_clause", "group_by_clause", 
                   "window_clause", "named_window", "order_by_clause", "ordering_term", 
                   "limit_clause", "expr", "column_ref", "join_keyword", 
                   "literal", "function_call", "function_name", "filter_clause", 
                   "over_clause", "window_defn", "frame_spec", "frame_bound", 
                   "type_name", "signed_number", "table_name", "alias", 
                   "identifier" ]

    EOF = Token.EOF
    SCOL=1
    DOT=2
    OPEN_PAR=3
    CLOSE_PAR=4
    COMMA=5
    ASSIGN=6
    STAR=7
    PLUS=8
    MINUS=9
    TILDE=10
    PIPE2=11
    JPTR2=12
    JPTR=13
    DIV=14
    MOD=15
    LT2=16
    GT2=17
    AMP=18
    PIPE=19
    LT=20
    LT_EQ=21
    GT=22
    GT_EQ=23
    EQ=24
    NOT_EQ1=25
    NOT_EQ2=26
    GROUP_BY_=27
    ORDER_BY_=28
    GLUED_BY_=29
    ALL_=30
    AND_=31
    AS_=32
    ASC_=33
    BETWEEN_=34
    BY_=35
    CASE_=36
    CAST_=37
    COLLATE_=38
    CROSS_=39
    CURRENT_=40
    CURRENT_DATE_=41
    CURRENT_TIME_=42
    CURRENT_TIMESTAMP_=43
    DESC_=44
    DISTINCT_=45
    ELSE_=46
    END_=47
    ESCAPE_=48
    EXCEPT_=49
    EXCLUDE_=50
    EXISTS_=51
    FILTER_=52
    FIRST_=53
    FOLLOWING_=54
    FROM_=55
    FULL_=56
    GLOB_=57
    GROUP_=58
    GROUPS_=59
    HAVING_=60
    IN_=61
    INDEXED_=62
    INNER_=63
    INTERSECT_=64
    IS_=65
    ISNULL_=66
    JOIN_=67
    LAST_=68
    LEFT_=69
    LIKE_=70
    LIMIT_=71
    MATCH_=72
    MATERIALIZED_=73
    NATURAL_=74
    NO_=75
    NOT_=76
    NOTNULL_=77
    NULL_=78
    NULLS_=79
    OFFSET_=80
    ON_=81
    OR_=82
    OTHERS_=83
    OUTER_=84
    OVER_=85
    PARTITION_=86
    PRECEDING_=87
    RANGE_=88
    RECURSIVE_=89
    REGEXP_=90
    RIGHT_=91
    ROW_=92
    ROWS_=93
    SELECT_=94
    THEN_=95
    TIES_=96
    UNBOUNDED_=97
    UNION_=98
    USING_=99
    VALUES_=100
    WHEN_=101
    WHERE_=102
    WINDOW_=103
    WITH_=104
    RESERVED_=105
    IDENTIFIER=106
    NUMERIC_LITERAL=107
    BIND_PARAMETER=108
    STRING_LITERAL=109
    BLOB_LITERAL=110
    SINGLE_LINE_COMMENT=111
    MULTILINE_COMMENT=112
    SPACES=113
    UNEXPECTED_CHAR=114

    def __init__(self, input:TokenStream, output:TextIO = sys.stdout):
        super().__init__(input, output)
        self.checkVersion("4.13.2")
        self._interp = ParserATNSimulator(self, self.atn, self.decisionsToDFA, self.sharedContextCache)
        self._predicates = None



    def conjunction_allowed(self):
        """False while parsing the lower bound of BETWEEN (x BETWEEN lo AND hi): there the next AND is
        BETWEEN's own, as in SQLite, where AND and OR bind more loosely than BETWEEN."""
        parent = self._ctx.parentCtx
        if parent is None or not isinstance(parent, SQLiteParser.ExprContext) or not parent.children:
            return True
        last = parent.children[-1]
        return getattr(getattr(last, "symbol", None), "type", None) != SQLiteParser.BETWEEN_



    class ParseContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def select_stmt(self):
            return self.getTypedRuleContext(SQLiteParser.Select_stmtContext,0)


        def EOF(self):
            return self.getToken(SQLiteParser.EOF, 0)

        def SCOL(self, i:int=None):
            if i is None:
                return self.getTokens(SQLiteParser.SCOL)
            else:
                return self.getToken(SQLiteParser.SCOL, i)

        def getRuleIndex(self):
            return SQLiteParser.RULE_parse




    def parse(self):

        localctx = SQLiteParser.ParseContext(self, self._ctx, self.state)
        self.enterRule(localctx, 0, self.RULE_parse)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 78
            self.select_stmt()
            self.state = 82
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==1:
                self.state = 79
                self.match(SQLiteParser.SCOL)
                self.state = 84
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 85
            self.match(SQLiteParser.EOF)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Select_stmtContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def select_core(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(SQLiteParser.Select_coreContext)
            else:
                return self.getTypedRuleContext(SQLiteParser.Select_coreContext,i)


        def with_clause(self):
            return self.getTypedRuleContext(SQLiteParser.With_clauseContext,0)


        def compound_operator(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(SQLiteParser.Compound_operatorContext)
            else:
                return self.getTypedRuleContext(SQLiteParser.Compound_operatorContext,i)


        def order_by_clause(self):
            return self.getTypedRuleContext(SQLiteParser.Order_by_clauseContext,0)


        def limit_clause(self):
            return self.getTypedRuleContext(SQLiteParser.Limit_clauseContext,0)


        def getRuleIndex(self):
            return SQLiteParser.RULE_select_stmt




    def select_stmt(self):

        localctx = SQLiteParser.Select_stmtContext(self, self._ctx, self.state)
        self.enterRule(localctx, 2, self.RULE_select_stmt)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 88
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==104:
                self.state = 87
                self.with_clause()


            self.state = 90
            self.select_core()
            self.state = 96
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while ((((_la - 49)) & ~0x3f) == 0 and ((1 << (_la - 49)) & 562949953454081) != 0):
                self.state = 91
                self.compound_operator()
                self.state = 92
                self.select_core()
                self.state = 98
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 100
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==28:
                self.state = 99
                self.order_by_clause()


            self.state = 103
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==71:
                self.state = 102
                self.limit_clause()


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class With_clauseContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def WITH_(self):
            return self.getToken(SQLiteParser.WITH_, 0)

        def common_table_expression(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(SQLiteParser.Common_table_expressionContext)
            else:
                return self.getTypedRuleContext(SQLiteParser.Common_table_expressionContext,i)


        def RECURSIVE_(self):
            return self.getToken(SQLiteParser.RECURSIVE_, 0)

        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(SQLiteParser.COMMA)
            else:
                return self.getToken(SQLiteParser.COMMA, i)

        def getRuleIndex(self):
            return SQLiteParser.RULE_with_clause




    def with_clause(self):

        localctx = SQLiteParser.With_clauseContext(self, self._ctx, self.state)
        self.enterRule(localctx, 4, self.RULE_with_clause)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 105
            self.match(SQLiteParser.WITH_)
            self.state = 107
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,5,self._ctx)
            if la_ == 1:
                self.state = 106
                self.match(SQLiteParser.RECURSIVE_)


            self.state = 109
            self.common_table_expression()
            self.state = 114
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==5:
                self.state = 110
                self.match(SQLiteParser.COMMA)
                self.state = 111
                self.common_table_expression()
                self.state = 116
                self._errHandler.sync(self)
                _la = self._input.LA(1)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Common_table_expressionContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def table_name(self):
            return self.getTypedRuleContext(SQLiteParser.Table_nameContext,0)


        def AS_(self):
            return self.getToken(SQLiteParser.AS_, 0)

        def OPEN_PAR(self, i:int=None):
            if i is None:
                return self.getTokens(SQLiteParser.OPEN_PAR)
            else:
                return self.getToken(SQLiteParser.OPEN_PAR, i)

        def select_stmt(self):
            return self.getTypedRuleContext(SQLiteParser.Select_stmtContext,0)


        def CLOSE_PAR(self, i:int=None):
            if i is None:
                return self.getTokens(SQLiteParser.CLOSE_PAR)
            else:
                return self.getToken(SQLiteParser.CLOSE_PAR, i)

        def identifier(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(SQLiteParser.IdentifierContext)
            else:
                return self.getTypedRuleContext(SQLiteParser.IdentifierContext,i)


        def MATERIALIZED_(self):
            return self.getToken(SQLiteParser.MATERIALIZED_, 0)

        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(SQLiteParser.COMMA)
            else:
                return self.getToken(SQLiteParser.COMMA, i)

        def NOT_(self):
            return self.getToken(SQLiteParser.NOT_, 0)

        def getRuleIndex(self):
            return SQLiteParser.RULE_common_table_expression




    def common_table_expression(self):

        localctx = SQLiteParser.Common_table_expressionContext(self, self._ctx, self.state)
        self.enterRule(localctx, 6, self.RULE_common_table_expression)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 117
            self.table_name()
            self.state = 129
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==3:
                self.state = 118
                self.match(SQLiteParser.OPEN_PAR)
                self.state = 119
                self.identifier()
                self.state = 124
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==5:
                    self.state = 120
                    self.match(SQLiteParser.COMMA)
                    self.state = 121
                    self.identifier()
                    self.state = 126
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 127
                self.match(SQLiteParser.CLOSE_PAR)


            self.state = 131
            self.match(SQLiteParser.AS_)
            self.state = 136
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==73 or _la==76:
                self.state = 133
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==76:
                    self.state = 132
                    self.match(SQLiteParser.NOT_)


                self.state = 135
                self.match(SQLiteParser.MATERIALIZED_)


            self.state = 138
            self.match(SQLiteParser.OPEN_PAR)
            self.state = 139
            self.select_stmt()
            self.state = 140
            self.match(SQLiteParser.CLOSE_PAR)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Compound_operatorContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def UNION_(self):
            return self.getToken(SQLiteParser.UNION_, 0)

        def ALL_(self):
            return self.getToken(SQLiteParser.ALL_, 0)

        def INTERSECT_(self):
            return self.getToken(SQLiteParser.INTERSECT_, 0)

        def EXCEPT_(self):
            return self.getToken(SQLiteParser.EXCEPT_, 0)

        def getRuleIndex(self):
            return SQLiteParser.RULE_compound_operator




    def compound_operator(self):

        localctx = SQLiteParser.Compound_operatorContext(self, self._ctx, self.state)
        self.enterRule(localctx, 8, self.RULE_compound_operator)
        self._la = 0 # Token type
        try:
            self.state = 148
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [98]:
                self.enterOuterAlt(localctx, 1)
                self.state = 142
                self.match(SQLiteParser.UNION_)
                self.state = 144
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==30:
                    self.state = 143
                    self.match(SQLiteParser.ALL_)


                pass
            elif token in [64]:
                self.enterOuterAlt(localctx, 2)
                self.state = 146
                self.match(SQLiteParser.INTERSECT_)
                pass
            elif token in [49]:
                self.enterOuterAlt(localctx, 3)
                self.state = 147
                self.match(SQLiteParser.EXCEPT_)
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Select_coreContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def SELECT_(self):
            return self.getToken(SQLiteParser.SELECT_, 0)

        def result_clause(self):
            return self.getTypedRuleContext(SQLiteParser.Result_clauseContext,0)


        def from_clause(self):
            return self.getTypedRuleContext(SQLiteParser.From_clauseContext,0)


        def where_clause(self):
            return self.getTypedRuleContext(SQLiteParser.Where_clauseContext,0)


        def group_by_clause(self):
            return self.getTypedRuleContext(SQLiteParser.Group_by_clauseContext,0)


        def window_clause(self):
            return self.getTypedRuleContext(SQLiteParser.Window_clauseContext,0)


        def DISTINCT_(self):
            return self.getToken(SQLiteParser.DISTINCT_, 0)

        def ALL_(self):
            return self.getToken(SQLiteParser.ALL_, 0)

        def values_clause(self):
            return self.getTypedRuleContext(SQLiteParser.Values_clauseContext,0)


        def getRuleIndex(self):
            return SQLiteParser.RULE_select_core




    def select_core(self):

        localctx = SQLiteParser.Select_coreContext(self, self._ctx, self.state)
        self.enterRule(localctx, 10, self.RULE_select_core)
        self._la = 0 # Token type
        try:
            self.state = 168
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [94]:
                self.enterOuterAlt(localctx, 1)
                self.state = 150
                self.match(SQLiteParser.SELECT_)
                self.state = 152
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==30 or _la==45:
                    self.state = 151
                    _la = self._input.LA(1)
                    if not(_la==30 or _la==45):
                        self._errHandler.recoverInline(self)
                    else:
                        self._errHandler.reportMatch(self)
                        self.consume()


                self.state = 154
                self.result_clause()
                self.state = 156
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==55:
                    self.state = 155
                    self.from_clause()


                self.state = 159
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==102:
                    self.state = 158
                    self.where_clause()


                self.state = 162
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==27 or _la==60:
                    self.state = 161
                    self.group_by_clause()


                self.state = 165
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==103:
                    self.state = 164
                    self.window_clause()


                pass
            elif token in [100]:
                self.enterOuterAlt(localctx, 2)
                self.state = 167
                self.values_clause()
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Values_clauseContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def VALUES_(self):
            return self.getToken(SQLiteParser.VALUES_, 0)

        def row_value(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(SQLiteParser.Row_valueContext)
            else:
                return self.getTypedRuleContext(SQLiteParser.Row_valueContext,i)


        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(SQLiteParser.COMMA)
            else:
                return self.getToken(SQLiteParser.COMMA, i)

        def getRuleIndex(self):
            return SQLiteParser.RULE_values_clause




    def values_clause(self):

        localctx = SQLiteParser.Values_clauseContext(self, self._ctx, self.state)
        self.enterRule(localctx, 12, self.RULE_values_clause)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 170
            self.match(SQLiteParser.VALUES_)
            self.state = 171
            self.row_value()
            self.state = 176
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==5:
                self.state = 172
                self.match(SQLiteParser.COMMA)
                self.state = 173
                self.row_value()
                self.state = 178
                self._errHandler.sync(self)
                _la = self._input.LA(1)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Row_valueContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def OPEN_PAR(self):
            return self.getToken(SQLiteParser.OPEN_PAR, 0)

        def expr(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(SQLiteParser.ExprContext)
            else:
                return self.getTypedRuleContext(SQLiteParser.ExprContext,i)


        def CLOSE_PAR(self):
            return self.getToken(SQLiteParser.CLOSE_PAR, 0)

        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(SQLiteParser.COMMA)
            else:
                return self.getToken(SQLiteParser.COMMA, i)

        def getRuleIndex(self):
            return SQLiteParser.RULE_row_value




    def row_value(self):

        localctx = SQLiteParser.Row_valueContext(self, self._ctx, self.state)
        self.enterRule(localctx, 14, self.RULE_row_value)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 179
            self.match(SQLiteParser.OPEN_PAR)
            self.state = 180
            self.expr(0)
            self.state = 185
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==5:
                self.state = 181
                self.match(SQLiteParser.COMMA)
                self.state = 182
                self.expr(0)
                self.state = 187
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 188
            self.match(SQLiteParser.CLOSE_PAR)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Result_clauseContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def result_column(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(SQLiteParser.Result_columnContext)
            else:
                return self.getTypedRuleContext(SQLiteParser.Result_columnContext,i)


        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(SQLiteParser.COMMA)
            else:
                return self.getToken(SQLiteParser.COMMA, i)

        def getRuleIndex(self):
            return SQLiteParser.RULE_result_clause




    def result_clause(self):

        localctx = SQLiteParser.Result_clauseContext(self, self._ctx, self.state)
        self.enterRule(localctx, 16, self.RULE_result_clause)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 190
            self.result_column()
            self.state = 195
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==5:
                self.state = 191
                self.match(SQLiteParser.COMMA)
                self.state = 192
                self.result_column()
                self.state = 197
                self._errHandler.sync(self)
                _la = self._input.LA(1)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Result_columnContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def STAR(self):
            return self.getToken(SQLiteParser.STAR, 0)

        def table_name(self):
            return self.getTypedRuleContext(SQLiteParser.Table_nameContext,0)


        def DOT(self):
            return self.getToken(SQLiteParser.DOT, 0)

        def expr(self):
            return self.getTypedRuleContext(SQLiteParser.ExprContext,0)


        def AS_(self):
            return self.getToken(SQLiteParser.AS_, 0)

        def alias(self):
            return self.getTypedRuleContext(SQLiteParser.AliasContext,0)


        def join_keyword(self):
            return self.getTypedRuleContext(SQLiteParser.Join_keywordContext,0)


        def getRuleIndex(self):
            return SQLiteParser.RULE_result_column




    def result_column(self):

        localctx = SQLiteParser.Result_columnContext(self, self._ctx, self.state)
        self.enterRule(localctx, 18, self.RULE_result_column)
        try:
            self.state = 212
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,24,self._ctx)
            if la_ == 1:
                self.enterOuterAlt(localctx, 1)
                self.state = 198
                self.match(SQLiteParser.STAR)
                pass

            elif la_ == 2:
                self.enterOuterAlt(localctx, 2)
                self.state = 199
                self.table_name()
                self.state = 200
                self.match(SQLiteParser.DOT)
                self.state = 201
                self.match(SQLiteParser.STAR)
                pass

            elif la_ == 3:
                self.enterOuterAlt(localctx, 3)
                self.state = 203
                self.expr(0)
                self.state = 210
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,23,self._ctx)
                if la_ == 1:
                    self.state = 204
                    self.match(SQLiteParser.AS_)
                    self.state = 207
                    self._errHandler.sync(self)
                    token = self._input.LA(1)
                    if token in [33, 35, 37, 40, 44, 47, 50, 52, 53, 54, 57, 59, 68, 70, 72, 73, 75, 79, 80, 83, 85, 86, 87, 88, 89, 90, 92, 93, 96, 97, 103, 104, 106, 109]:
                        self.state = 205
                        self.alias()
                        pass
                    elif token in [39, 56, 63, 69, 74, 84, 91]:
                        self.state = 206
                        self.join_keyword()
                        pass
                    else:
                        raise NoViableAltException(self)


                elif la_ == 2:
                    self.state = 209
                    self.alias()


                pass


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class From_clauseContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def FROM_(self):
            return self.getToken(SQLiteParser.FROM_, 0)

        def join_clause(self):
            return self.getTypedRuleContext(SQLiteParser.Join_clauseContext,0)


        def getRuleIndex(self):
            return SQLiteParser.RULE_from_clause




    def from_clause(self):

        localctx = SQLiteParser.From_clauseContext(self, self._ctx, self.state)
        self.enterRule(localctx, 20, self.RULE_from_clause)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 214
            self.match(SQLiteParser.FROM_)
            self.state = 215
            self.join_clause()
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Join_clauseContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def table_or_subquery(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(SQLiteParser.Table_or_subqueryContext)
            else:
                return self.getTypedRuleContext(SQLiteParser.Table_or_subqueryContext,i)


        def join_operator(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(SQLiteParser.Join_operatorContext)
            else:
                return self.getTypedRuleContext(SQLiteParser.Join_operatorContext,i)


        def join_constraint(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(SQLiteParser.Join_constraintContext)
            else:
                return self.getTypedRuleContext(SQLiteParser.Join_constraintContext,i)


        def getRuleIndex(self):
            return SQLiteParser.RULE_join_clause




    def join_clause(self):

        localctx = SQLiteParser.Join_clauseContext(self, self._ctx, self.state)
        self.enterRule(localctx, 22, self.RULE_join_clause)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 217
            self.table_or_subquery()
            self.state = 225
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while (((_la) & ~0x3f) == 0 and ((1 << _la) & -9151313893061033952) != 0) or ((((_la - 67)) & ~0x3f) == 0 and ((1 << (_la - 67)) & 16777349) != 0):
                self.state = 218
                self.join_operator()
                self.state = 219
                self.table_or_subquery()
                self.state = 221
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==81 or _la==99:
                    self.state = 220
                    self.join_constraint()


                self.state = 227
                self._errHandler.sync(self)
                _la = self._input.LA(1)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Join_operatorContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def COMMA(self):
            return self.getToken(SQLiteParser.COMMA, 0)

        def JOIN_(self):
            return self.getToken(SQLiteParser.JOIN_, 0)

        def LEFT_(self):
            return self.getToken(SQLiteParser.LEFT_, 0)

        def RIGHT_(self):
            return self.getToken(SQLiteParser.RIGHT_, 0)

        def FULL_(self):
            return self.getToken(SQLiteParser.FULL_, 0)

        def NATURAL_(self):
            return self.getToken(SQLiteParser.NATURAL_, 0)

        def OUTER_(self):
            return self.getToken(SQLiteParser.OUTER_, 0)

        def INNER_(self):
            return self.getToken(SQLiteParser.INNER_, 0)

        def CROSS_(self):
            return self.getToken(SQLiteParser.CROSS_, 0)

        def getRuleIndex(self):
            return SQLiteParser.RULE_join_operator




    def join_operator(self):

        localctx = SQLiteParser.Join_operatorContext(self, self._ctx, self.state)
        self.enterRule(localctx, 24, self.RULE_join_operator)
        self._la = 0 # Token type
        try:
            self.state = 246
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,31,self._ctx)
            if la_ == 1:
                self.enterOuterAlt(localctx, 1)
                self.state = 228
                self.match(SQLiteParser.COMMA)
                pass

            elif la_ == 2:
                self.enterOuterAlt(localctx, 2)
                self.state = 230
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==74:
                    self.state = 229
                    self.match(SQLiteParser.NATURAL_)


                self.state = 232
                _la = self._input.LA(1)
                if not(((((_la - 56)) & ~0x3f) == 0 and ((1 << (_la - 56)) & 34359746561) != 0)):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                self.state = 234
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==84:
                    self.state = 233
                    self.match(SQLiteParser.OUTER_)


                self.state = 236
                self.match(SQLiteParser.JOIN_)
                pass

            elif la_ == 3:
                self.enterOuterAlt(localctx, 3)
                self.state = 238
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==74:
                    self.state = 237
                    self.match(SQLiteParser.NATURAL_)


                self.state = 241
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==63:
                    self.state = 240
                    self.match(SQLiteParser.INNER_)


                self.state = 243
                self.match(SQLiteParser.JOIN_)
                pass

            elif la_ == 4:
                self.enterOuterAlt(localctx, 4)
                self.state = 244
                self.match(SQLiteParser.CROSS_)
                self.state = 245
                self.match(SQLiteParser.JOIN_)
                pass


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Join_constraintContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def ON_(self):
            return self.getToken(SQLiteParser.ON_, 0)

        def expr(self):
            return self.getTypedRuleContext(SQLiteParser.ExprContext,0)


        def USING_(self):
            return self.getToken(SQLiteParser.USING_, 0)

        def OPEN_PAR(self):
            return self.getToken(SQLiteParser.OPEN_PAR, 0)

        def identifier(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(SQLiteParser.IdentifierContext)
            else:
                return self.getTypedRuleContext(SQLiteParser.IdentifierContext,i)


        def CLOSE_PAR(self):
            return self.getToken(SQLiteParser.CLOSE_PAR, 0)

        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(SQLiteParser.COMMA)
            else:
                return self.getToken(SQLiteParser.COMMA, i)

        def getRuleIndex(self):
            return SQLiteParser.RULE_join_constraint




    def join_constraint(self):

        localctx = SQLiteParser.Join_constraintContext(self, self._ctx, self.state)
        self.enterRule(localctx, 26, self.RULE_join_constraint)
        self._la = 0 # Token type
        try:
            self.state = 262
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [81]:
                self.enterOuterAlt(localctx, 1)
                self.state = 248
                self.match(SQLiteParser.ON_)
                self.state = 249
                self.expr(0)
                pass
            elif token in [99]:
                self.enterOuterAlt(localctx, 2)
                self.state = 250
                self.match(SQLiteParser.USING_)
                self.state = 251
                self.match(SQLiteParser.OPEN_PAR)
                self.state = 252
                self.identifier()
                self.state = 257
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==5:
                    self.state = 253
                    self.match(SQLiteParser.COMMA)
                    self.state = 254
                    self.identifier()
                    self.state = 259
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 260
                self.match(SQLiteParser.CLOSE_PAR)
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Table_or_subqueryContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def qualified_table_name(self):
            return self.getTypedRuleContext(SQLiteParser.Qualified_table_nameContext,0)


        def AS_(self):
            return self.getToken(SQLiteParser.AS_, 0)

        def alias(self):
            return self.getTypedRuleContext(SQLiteParser.AliasContext,0)


        def INDEXED_(self):
            return self.getToken(SQLiteParser.INDEXED_, 0)

        def BY_(self):
            return self.getToken(SQLiteParser.BY_, 0)

        def identifier(self):
            return self.getTypedRuleContext(SQLiteParser.IdentifierContext,0)


        def NOT_(self):
            return self.getToken(SQLiteParser.NOT_, 0)

        def join_keyword(self):
            return self.getTypedRuleContext(SQLiteParser.Join_keywordContext,0)


        def OPEN_PAR(self):
            return self.getToken(SQLiteParser.OPEN_PAR, 0)

        def expr(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(SQLiteParser.ExprContext)
            else:
                return self.getTypedRuleContext(SQLiteParser.ExprContext,i)


        def CLOSE_PAR(self):
            return self.getToken(SQLiteParser.CLOSE_PAR, 0)

        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(SQLiteParser.COMMA)
            else:
                return self.getToken(SQLiteParser.COMMA, i)

        def select_stmt(self):
            return self.getTypedRuleContext(SQLiteParser.Select_stmtContext,0)


        def join_clause(self):
            return self.getTypedRuleContext(SQLiteParser.Join_clauseContext,0)


        def getRuleIndex(self):
            return SQLiteParser.RULE_table_or_subquery




    def table_or_subquery(self):

        localctx = SQLiteParser.Table_or_subqueryContext(self, self._ctx, self.state)
        self.enterRule(localctx, 28, self.RULE_table_or_subquery)
        self._la = 0 # Token type
        try:
            self.state = 314
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,42,self._ctx)
            if la_ == 1:
                self.enterOuterAlt(localctx, 1)
                self.state = 264
                self.qualified_table_name()
                self.state = 271
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,35,self._ctx)
                if la_ == 1:
                    self.state = 265
                    self.match(SQLiteParser.AS_)
                    self.state = 268
                    self._errHandler.sync(self)
                    token = self._input.LA(1)
                    if token in [33, 35, 37, 40, 44, 47, 50, 52, 53, 54, 57, 59, 68, 70, 72, 73, 75, 79, 80, 83, 85, 86, 87, 88, 89, 90, 92, 93, 96, 97, 103, 104, 106, 109]:
                        self.state = 266
                        self.alias()
                        pass
                    elif token in [39, 56, 63, 69, 74, 84, 91]:
                        self.state = 267
                        self.join_keyword()
                        pass
                    else:
                        raise NoViableAltException(self)


                elif la_ == 2:
                    self.state = 270
                    self.alias()


                self.state = 278
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [62]:
                    self.state = 273
                    self.match(SQLiteParser.INDEXED_)
                    self.state = 274
                    self.match(SQLiteParser.BY_)
                    self.state = 275
                    self.identifier()
                    pass
                elif token in [76]:
                    self.state = 276
                    self.match(SQLiteParser.NOT_)
                    self.state = 277
                    self.match(SQLiteParser.INDEXED_)
                    pass
                elif token in [-1, 1, 4, 5, 27, 28, 39, 49, 56, 60, 63, 64, 67, 69, 71, 74, 81, 91, 98, 99, 102, 103]:
                    pass
                else:
                    pass
                pass

            elif la_ == 2:
                self.enterOuterAlt(localctx, 2)
                self.state = 280
                self.qualified_table_name()
                self.state = 281
                self.match(SQLiteParser.OPEN_PAR)
                self.state = 282
                self.expr(0)
                self.state = 287
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==5:
                    self.state = 283
                    self.match(SQLiteParser.COMMA)
                    self.state = 284
                    self.expr(0)
                    self.state = 289
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 290
                self.match(SQLiteParser.CLOSE_PAR)
                self.state = 297
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,39,self._ctx)
                if la_ == 1:
                    self.state = 291
                    self.match(SQLiteParser.AS_)
                    self.state = 294
                    self._errHandler.sync(self)
                    token = self._input.LA(1)
                    if token in [33, 35, 37, 40, 44, 47, 50, 52, 53, 54, 57, 59, 68, 70, 72, 73, 75, 79, 80, 83, 85, 86, 87, 88, 89, 90, 92, 93, 96, 97, 103, 104, 106, 109]:
                        self.state = 292
                        self.alias()
                        pass
                    elif token in [39, 56, 63, 69, 74, 84, 91]:
                        self.state = 293
                        self.join_keyword()
                        pass
                    else:
                        raise NoViableAltException(self)


                elif la_ == 2:
                    self.state = 296
                    self.alias()


                pass

            elif la_ == 3:
                self.enterOuterAlt(localctx, 3)
                self.state = 299
                self.match(SQLiteParser.OPEN_PAR)
                self.state = 300
                self.select_stmt()
                self.state = 301
                self.match(SQLiteParser.CLOSE_PAR)
                self.state = 308
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,41,self._ctx)
                if la_ == 1:
                    self.state = 302
                    self.match(SQLiteParser.AS_)
                    self.state = 305
                    self._errHandler.sync(self)
                    token = self._input.LA(1)
                    if token in [33, 35, 37, 40, 44, 47, 50, 52, 53, 54, 57, 59, 68, 70, 72, 73, 75, 79, 80, 83, 85, 86, 87, 88, 89, 90, 92, 93, 96, 97, 103, 104, 106, 109]:
                        self.state = 303
                        self.alias()
                        pass
                    elif token in [39, 56, 63, 69, 74, 84, 91]:
                        self.state = 304
                        self.join_keyword()
                        pass
                    else:
                        raise NoViableAltException(self)


                elif la_ == 2:
                    self.state = 307
                    self.alias()


                pass

            elif la_ == 4:
                self.enterOuterAlt(localctx, 4)
                self.state = 310
                self.match(SQLiteParser.OPEN_PAR)
                self.state = 311
                self.join_clause()
                self.state = 312
                self.match(SQLiteParser.CLOSE_PAR)
                pass


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Qualified_table_nameContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def table_name(self):
            return self.getTypedRuleContext(SQLiteParser.Table_nameContext,0)


        def identifier(self):
            return self.getTypedRuleContext(SQLiteParser.IdentifierContext,0)


        def DOT(self):
            return self.getToken(SQLiteParser.DOT, 0)

        def getRuleIndex(self):
            return SQLiteParser.RULE_qualified_table_name




    def qualified_table_name(self):

        localctx = SQLiteParser.Qualified_table_nameContext(self, self._ctx, self.state)
        self.enterRule(localctx, 30, self.RULE_qualified_table_name)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 319
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,43,self._ctx)
            if la_ == 1:
                self.state = 316
                self.identifier()
                self.state = 317
                self.match(SQLiteParser.DOT)


            self.state = 321
            self.table_name()
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Where_clauseContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def WHERE_(self):
            return self.getToken(SQLiteParser.WHERE_, 0)

        def expr(self):
            return self.getTypedRuleContext(SQLiteParser.ExprContext,0)


        def getRuleIndex(self):
            return SQLiteParser.RULE_where_clause




    def where_clause(self):

        localctx = SQLiteParser.Where_clauseContext(self, self._ctx, self.state)
        self.enterRule(localctx, 32, self.RULE_where_clause)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 323
            self.match(SQLiteParser.WHERE_)
            self.state = 324
            self.expr(0)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Group_by_clauseContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def GROUP_BY_(self):
            return self.getToken(SQLiteParser.GROUP_BY_, 0)

        def expr(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(SQLiteParser.ExprContext)
            else:
                return self.getTypedRuleContext(SQLiteParser.ExprContext,i)


        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(SQLiteParser.COMMA)
            else:
                return self.getToken(SQLiteParser.COMMA, i)

        def HAVING_(self):
            return self.getToken(SQLiteParser.HAVING_, 0)

        def getRuleIndex(self):
            return SQLiteParser.RULE_group_by_clause




    def group_by_clause(self):

        localctx = SQLiteParser.Group_by_clauseContext(self, self._ctx, self.state)
        self.enterRule(localctx, 34, self.RULE_group_by_clause)
        self._la = 0 # Token type
        try:
            self.state = 341
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [27]:
                self.enterOuterAlt(localctx, 1)
                self.state = 326
                self.match(SQLiteParser.GROUP_BY_)
                self.state = 327
                self.expr(0)
                self.state = 332
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==5:
                    self.state = 328
                    self.match(SQLiteParser.COMMA)
                    self.state = 329
                    self.expr(0)
                    self.state = 334
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 337
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==60:
                    self.state = 335
                    self.match(SQLiteParser.HAVING_)
                    self.state = 336
                    self.expr(0)


                pass
            elif token in [60]:
                self.enterOuterAlt(localctx, 2)
                self.state = 339
                self.match(SQLiteParser.HAVING_)
                self.state = 340
                self.expr(0)
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Window_clauseContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def WINDOW_(self):
            return self.getToken(SQLiteParser.WINDOW_, 0)

        def named_window(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(SQLiteParser.Named_windowContext)
            else:
                return self.getTypedRuleContext(SQLiteParser.Named_windowContext,i)


        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(SQLiteParser.COMMA)
            else:
                return self.getToken(SQLiteParser.COMMA, i)

        def getRuleIndex(self):
            return SQLiteParser.RULE_window_clause




    def window_clause(self):

        localctx = SQLiteParser.Window_clauseContext(self, self._ctx, self.state)
        self.enterRule(localctx, 36, self.RULE_window_clause)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 343
            self.match(SQLiteParser.WINDOW_)
            self.state = 344
            self.named_window()
            self.state = 349
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==5:
                self.state = 345
                self.match(SQLiteParser.COMMA)
                self.state = 346
                self.named_window()
                self.state = 351
                self._errHandler.sync(self)
                _la = self._input.LA(1)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Named_windowContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def identifier(self):
            return self.getTypedRuleContext(SQLiteParser.IdentifierContext,0)


        def AS_(self):
            return self.getToken(SQLiteParser.AS_, 0)

        def OPEN_PAR(self):
            return self.getToken(SQLiteParser.OPEN_PAR, 0)

        def window_defn(self):
            return self.getTypedRuleContext(SQLiteParser.Window_defnContext,0)


        def CLOSE_PAR(self):
            return self.getToken(SQLiteParser.CLOSE_PAR, 0)

        def getRuleIndex(self):
            return SQLiteParser.RULE_named_window




    def named_window(self):

        localctx = SQLiteParser.Named_windowContext(self, self._ctx, self.state)
        self.enterRule(localctx, 38, self.RULE_named_window)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 352
            self.identifier()
            self.state = 353
            self.match(SQLiteParser.AS_)
            self.state = 354
            self.match(SQLiteParser.OPEN_PAR)
            self.state = 355
            self.window_defn()
            self.state = 356
            self.match(SQLiteParser.CLOSE_PAR)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Order_by_clauseContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def ORDER_BY_(self):
            return self.getToken(SQLiteParser.ORDER_BY_, 0)

        def ordering_term(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(SQLiteParser.Ordering_termContext)
            else:
                return self.getTypedRuleContext(SQLiteParser.Ordering_termContext,i)


        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(SQLiteParser.COMMA)
            else:
                return self.getToken(SQLiteParser.COMMA, i)

        def getRuleIndex(self):
            return SQLiteParser.RULE_order_by_clause




    def order_by_clause(self):

        localctx = SQLiteParser.Order_by_clauseContext(self, self._ctx, self.state)
        self.enterRule(localctx, 40, self.RULE_order_by_clause)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 358
            self.match(SQLiteParser.ORDER_BY_)
            self.state = 359
            self.ordering_term()
            self.state = 364
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==5:
                self.state = 360
                self.match(SQLiteParser.COMMA)
                self.state = 361
                self.ordering_term()
                self.state = 366
                self._errHandler.sync(self)
                _la = self._input.LA(1)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Ordering_termContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def expr(self):
            return self.getTypedRuleContext(SQLiteParser.ExprContext,0)


        def NULLS_(self):
            return self.getToken(SQLiteParser.NULLS_, 0)

        def ASC_(self):
            return self.getToken(SQLiteParser.ASC_, 0)

        def DESC_(self):
            return self.getToken(SQLiteParser.DESC_, 0)

        def FIRST_(self):
            return self.getToken(SQLiteParser.FIRST_, 0)

        def LAST_(self):
            return self.getToken(SQLiteParser.LAST_, 0)

        def getRuleIndex(self):
            return SQLiteParser.RULE_ordering_term




    def ordering_term(self):

        localctx = SQLiteParser.Ordering_termContext(self, self._ctx, self.state)
        self.enterRule(localctx, 42, self.RULE_ordering_term)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 367
            self.expr(0)
            self.state = 369
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==33 or _la==44:
                self.state = 368
                _la = self._input.LA(1)
                if not(_la==33 or _la==44):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()


            self.state = 373
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==79:
                self.state = 371
                self.match(SQLiteParser.NULLS_)
                self.state = 372
                _la = self._input.LA(1)
                if not(_la==53 or _la==68):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Limit_clauseContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def LIMIT_(self):
            return self.getToken(SQLiteParser.LIMIT_, 0)

        def expr(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(SQLiteParser.ExprContext)
            else:
                return self.getTypedRuleContext(SQLiteParser.ExprContext,i)


        def OFFSET_(self):
            return self.getToken(SQLiteParser.OFFSET_, 0)

        def COMMA(self):
            return self.getToken(SQLiteParser.COMMA, 0)

        def getRuleIndex(self):
            return SQLiteParser.RULE_limit_clause




    def limit_clause(self):

        localctx = SQLiteParser.Limit_clauseContext(self, self._ctx, self.state)
        self.enterRule(localctx, 44, self.RULE_limit_clause)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 375
            self.match(SQLiteParser.LIMIT_)
            self.state = 376
            self.expr(0)
            self.state = 379
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==5 or _la==80:
                self.state = 377
                _la = self._input.LA(1)
                if not(_la==5 or _la==80):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                self.state = 378
                self.expr(0)


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ExprContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def literal(self):
            return self.getTypedRuleContext(SQLiteParser.LiteralContext,0)


        def BIND_PARAMETER(self):
            return self.getToken(SQLiteParser.BIND_PARAMETER, 0)

        def column_ref(self):
            return self.getTypedRuleContext(SQLiteParser.Column_refContext,0)


        def expr(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(SQLiteParser.ExprContext)
            else:
                return self.getTypedRuleContext(SQLiteParser.ExprContext,i)


        def MINUS(self):
            return self.getToken(SQLiteParser.MINUS, 0)

        def PLUS(self):
            return self.getToken(SQLiteParser.PLUS, 0)

        def TILDE(self):
            return self.getToken(SQLiteParser.TILDE, 0)

        def NOT_(self):
            return self.getToken(SQLiteParser.NOT_, 0)

        def function_call(self):
            return self.getTypedRuleContext(SQLiteParser.Function_callContext,0)


        def OPEN_PAR(self):
            return self.getToken(SQLiteParser.OPEN_PAR, 0)

        def CLOSE_PAR(self):
            return self.getToken(SQLiteParser.CLOSE_PAR, 0)

        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(SQLiteParser.COMMA)
            else:
                return self.getToken(SQLiteParser.COMMA, i)

        def select_stmt(self):
            return self.getTypedRuleContext(SQLiteParser.Select_stmtContext,0)


        def EXISTS_(self):
            return self.getToken(SQLiteParser.EXISTS_, 0)

        def CAST_(self):
            return self.getToken(SQLiteParser.CAST_, 0)

        def AS_(self):
            return self.getToken(SQLiteParser.AS_, 0)

        def type_name(self):
            return self.getTypedRuleContext(SQLiteParser.Type_nameContext,0)


        def CASE_(self):
            return self.getToken(SQLiteParser.CASE_, 0)

        def END_(self):
            return self.getToken(SQLiteParser.END_, 0)

        def WHEN_(self, i:int=None):
            if i is None:
                return self.getTokens(SQLiteParser.WHEN_)
            else:
                return self.getToken(SQLiteParser.WHEN_, i)

        def THEN_(self, i:int=None):
            if i is None:
                return self.getTokens(SQLiteParser.THEN_)
            else:
                return self.getToken(SQLiteParser.THEN_, i)

        def ELSE_(self):
            return self.getToken(SQLiteParser.ELSE_, 0)

        def PIPE2(self):
            return self.getToken(SQLiteParser.PIPE2, 0)

        def JPTR(self):
            return self.getToken(SQLiteParser.JPTR, 0)

        def JPTR2(self):
            return self.getToken(SQLiteParser.JPTR2, 0)

        def STAR(self):
            return self.getToken(SQLiteParser.STAR, 0)

        def DIV(self):
            return self.getToken(SQLiteParser.DIV, 0)

        def MOD(self):
            return self.getToken(SQLiteParser.MOD, 0)

        def AMP(self):
            return self.getToken(SQLiteParser.AMP, 0)

        def PIPE(self):
            return self.getToken(SQLiteParser.PIPE, 0)

        def LT2(self):
            return self.getToken(SQLiteParser.LT2, 0)

        def GT2(self):
            return self.getToken(SQLiteParser.GT2, 0)

        def LT(self):
            return self.getToken(SQLiteParser.LT, 0)

        def LT_EQ(self):
            return self.getToken(SQLiteParser.LT_EQ, 0)

        def GT(self):
            return self.getToken(SQLiteParser.GT, 0)

        def GT_EQ(self):
            return self.getToken(SQLiteParser.GT_EQ, 0)

        def ASSIGN(self):
            return self.getToken(SQLiteParser.ASSIGN, 0)

        def EQ(self):
            return self.getToken(SQLiteParser.EQ, 0)

        def NOT_EQ1(self):
            return self.getToken(SQLiteParser.NOT_EQ1, 0)

        def NOT_EQ2(self):
            return self.getToken(SQLiteParser.NOT_EQ2, 0)

        def IS_(self):
            return self.getToken(SQLiteParser.IS_, 0)

        def DISTINCT_(self):
            return self.getToken(SQLiteParser.DISTINCT_, 0)

        def FROM_(self):
            return self.getToken(SQLiteParser.FROM_, 0)

        def BETWEEN_(self):
            return self.getToken(SQLiteParser.BETWEEN_, 0)

        def AND_(self):
            return self.getToken(SQLiteParser.AND_, 0)

        def OR_(self):
            return self.getToken(SQLiteParser.OR_, 0)

        def COLLATE_(self):
            return self.getToken(SQLiteParser.COLLATE_, 0)

        def identifier(self):
            return self.getTypedRuleContext(SQLiteParser.IdentifierContext,0)


        def LIKE_(self):
            return self.getToken(SQLiteParser.LIKE_, 0)

        def GLOB_(self):
            return self.getToken(SQLiteParser.GLOB_, 0)

        def REGEXP_(self):
            return self.getToken(SQLiteParser.REGEXP_, 0)

        def MATCH_(self):
            return self.getToken(SQLiteParser.MATCH_, 0)

        def ESCAPE_(self):
            return self.getToken(SQLiteParser.ESCAPE_, 0)

        def IN_(self):
            return self.getToken(SQLiteParser.IN_, 0)

        def qualified_table_name(self):
            return self.getTypedRuleContext(SQLiteParser.Qualified_table_nameContext,0)


        def ISNULL_(self):
            return self.getToken(SQLiteParser.ISNULL_, 0)

        def NOTNULL_(self):
            return self.getToken(SQLiteParser.NOTNULL_, 0)

        def NULL_(self):
            return self.getToken(SQLiteParser.NULL_, 0)

        def getRuleIndex(self):
            return SQLiteParser.RULE_expr



    def expr(self, _p:int=0):
        _parentctx = self._ctx
        _parentState = self.state
        localctx = SQLiteParser.ExprContext(self, self._ctx, _parentState)
        _prevctx = localctx
        _startState = 46
        self.enterRecursionRule(localctx, 46, self.RULE_expr, _p)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 436
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,56,self._ctx)
            if la_ == 1:
                self.state = 382
                self.literal()
                pass

            elif la_ == 2:
                self.state = 383
                self.match(SQLiteParser.BIND_PARAMETER)
                pass

            elif la_ == 3:
                self.state = 384
                self.column_ref()
                pass

            elif la_ == 4:
                self.state = 385
                _la = self._input.LA(1)
                if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 1792) != 0)):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                self.state = 386
                self.expr(22)
                pass

            elif la_ == 5:
                self.state = 387
                self.match(SQLiteParser.NOT_)
                self.state = 388
                self.expr(9)
                pass

            elif la_ == 6:
                self.state = 389
                self.function_call()
                pass

            elif la_ == 7:
                self.state = 390
                self.match(SQLiteParser.OPEN_PAR)
                self.state = 391
                self.expr(0)
                self.state = 396
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==5:
                    self.state = 392
                    self.match(SQLiteParser.COMMA)
                    self.state = 393
                    self.expr(0)
                    self.state = 398
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 399
                self.match(SQLiteParser.CLOSE_PAR)
                pass

            elif la_ == 8:
                self.state = 401
                self.match(SQLiteParser.OPEN_PAR)
                self.state = 402
                self.select_stmt()
                self.state = 403
                self.match(SQLiteParser.CLOSE_PAR)
                pass

            elif la_ == 9:
                self.state = 405
                self.match(SQLiteParser.EXISTS_)
                self.state = 406
                self.match(SQLiteParser.OPEN_PAR)
                self.state = 407
                self.select_stmt()
                self.state = 408
                self.match(SQLiteParser.CLOSE_PAR)
                pass

            elif la_ == 10:
                self.state = 410
                self.match(SQLiteParser.CAST_)
                self.state = 411
                self.match(SQLiteParser.OPEN_PAR)
                self.state = 412
                self.expr(0)
                self.state = 413
                self.match(SQLiteParser.AS_)
                self.state = 414
                self.type_name()
                self.state = 415
                self.match(SQLiteParser.CLOSE_PAR)
                pass

            elif la_ == 11:
                self.state = 417
                self.match(SQLiteParser.CASE_)
                self.state = 419
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if (((_la) & ~0x3f) == 0 and ((1 << _la) & -8395659984112711928) != 0) or ((((_la - 68)) & ~0x3f) == 0 and ((1 << (_la - 68)) & 8625166720503) != 0):
                    self.state = 418
                    self.expr(0)


                self.state = 426 
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while True:
                    self.state = 421
                    self.match(SQLiteParser.WHEN_)
                    self.state = 422
                    self.expr(0)
                    self.state = 423
                    self.match(SQLiteParser.THEN_)
                    self.state = 424
                    self.expr(0)
                    self.state = 428 
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    if not (_la==101):
                        break

                self.state = 432
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==46:
                    self.state = 430
                    self.match(SQLiteParser.ELSE_)
                    self.state = 431
                    self.expr(0)


                self.state = 434
                self.match(SQLiteParser.END_)
                pass


            self._ctx.stop = self._input.LT(-1)
            self.state = 526
            self._errHandler.sync(self)
            _alt = self._interp.adaptivePredict(self._input,68,self._ctx)
            while _alt!=2 and _alt!=ATN.INVALID_ALT_NUMBER:
                if _alt==1:
                    if self._parseListeners is not None:
                        self.triggerExitRuleEvent()
                    _prevctx = localctx
                    self.state = 524
                    self._errHandler.sync(self)
                    la_ = self._interp.adaptivePredict(self._input,67,self._ctx)
                    if la_ == 1:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 438
                        if not self.precpred(self._ctx, 20):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 20)")
                        self.state = 439
                        _la = self._input.LA(1)
                        if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 14336) != 0)):
                            self._errHandler.recoverInline(self)
                        else:
                            self._errHandler.reportMatch(self)
                            self.consume()
                        self.state = 440
                        self.expr(21)
                        pass

                    elif la_ == 2:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 441
                        if not self.precpred(self._ctx, 19):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 19)")
                        self.state = 442
                        _la = self._input.LA(1)
                        if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 49280) != 0)):
                            self._errHandler.recoverInline(self)
                        else:
                            self._errHandler.reportMatch(self)
                            self.consume()
                        self.state = 443
                        self.expr(20)
                        pass

                    elif la_ == 3:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 444
                        if not self.precpred(self._ctx, 18):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 18)")
                        self.state = 445
                        _la = self._input.LA(1)
                        if not(_la==8 or _la==9):
                            self._errHandler.recoverInline(self)
                        else:
                            self._errHandler.reportMatch(self)
                            self.consume()
                        self.state = 446
                        self.expr(19)
                        pass

                    elif la_ == 4:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 447
                        if not self.precpred(self._ctx, 17):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 17)")
                        self.state = 448
                        _la = self._input.LA(1)
                        if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 983040) != 0)):
                            self._errHandler.recoverInline(self)
                        else:
                            self._errHandler.reportMatch(self)
                            self.consume()
                        self.state = 449
                        self.expr(18)
                        pass

                    elif la_ == 5:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 450
                        if not self.precpred(self._ctx, 16):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 16)")
                        self.state = 451
                        _la = self._input.LA(1)
                        if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 15728640) != 0)):
                            self._errHandler.recoverInline(self)
                        else:
                            self._errHandler.reportMatch(self)
                            self.consume()
                        self.state = 452
                        self.expr(17)
                        pass

                    elif la_ == 6:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 453
                        if not self.precpred(self._ctx, 15):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 15)")
                        self.state = 454
                        _la = self._input.LA(1)
                        if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 117440576) != 0)):
                            self._errHandler.recoverInline(self)
                        else:
                            self._errHandler.reportMatch(self)
                            self.consume()
                        self.state = 455
                        self.expr(16)
                        pass

                    elif la_ == 7:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 456
                        if not self.precpred(self._ctx, 14):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 14)")
                        self.state = 457
                        self.match(SQLiteParser.IS_)
                        self.state = 459
                        self._errHandler.sync(self)
                        la_ = self._interp.adaptivePredict(self._input,57,self._ctx)
                        if la_ == 1:
                            self.state = 458
                            self.match(SQLiteParser.NOT_)


                        self.state = 463
                        self._errHandler.sync(self)
                        _la = self._input.LA(1)
                        if _la==45:
                            self.state = 461
                            self.match(SQLiteParser.DISTINCT_)
                            self.state = 462
                            self.match(SQLiteParser.FROM_)


                        self.state = 465
                        self.expr(15)
                        pass

                    elif la_ == 8:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 466
                        if not self.precpred(self._ctx, 12):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 12)")
                        self.state = 468
                        self._errHandler.sync(self)
                        _la = self._input.LA(1)
                        if _la==76:
                            self.state = 467
                            self.match(SQLiteParser.NOT_)


                        self.state = 470
                        self.match(SQLiteParser.BETWEEN_)
                        self.state = 471
                        self.expr(0)
                        self.state = 472
                        self.match(SQLiteParser.AND_)
                        self.state = 473
                        self.expr(13)
                        pass

                    elif la_ == 9:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 475
                        if not self.precpred(self._ctx, 8):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 8)")
                        self.state = 476
                        if not self.conjunction_allowed():
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.conjunction_allowed()")
                        self.state = 477
                        self.match(SQLiteParser.AND_)
                        self.state = 478
                        self.expr(9)
                        pass

                    elif la_ == 10:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 479
                        if not self.precpred(self._ctx, 7):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 7)")
                        self.state = 480
                        if not self.conjunction_allowed():
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.conjunction_allowed()")
                        self.state = 481
                        self.match(SQLiteParser.OR_)
                        self.state = 482
                        self.expr(8)
                        pass

                    elif la_ == 11:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 483
                        if not self.precpred(self._ctx, 21):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 21)")
                        self.state = 484
                        self.match(SQLiteParser.COLLATE_)
                        self.state = 485
                        self.identifier()
                        pass

                    elif la_ == 12:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 486
                        if not self.precpred(self._ctx, 13):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 13)")
                        self.state = 488
                        self._errHandler.sync(self)
                        _la = self._input.LA(1)
                        if _la==76:
                            self.state = 487
                            self.match(SQLiteParser.NOT_)


                        self.state = 490
                        _la = self._input.LA(1)
                        if not(((((_la - 57)) & ~0x3f) == 0 and ((1 << (_la - 57)) & 8589975553) != 0)):
                            self._errHandler.recoverInline(self)
                        else:
                            self._errHandler.reportMatch(self)
                            self.consume()
                        self.state = 491
                        self.expr(0)
                        self.state = 494
                        self._errHandler.sync(self)
                        la_ = self._interp.adaptivePredict(self._input,61,self._ctx)
                        if la_ == 1:
                            self.state = 492
                            self.match(SQLiteParser.ESCAPE_)
                            self.state = 493
                            self.expr(0)


                        pass

                    elif la_ == 13:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 496
                        if not self.precpred(self._ctx, 11):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 11)")
                        self.state = 498
                        self._errHandler.sync(self)
                        _la = self._input.LA(1)
                        if _la==76:
                            self.state = 497
                            self.match(SQLiteParser.NOT_)


                        self.state = 500
                        self.match(SQLiteParser.IN_)
                        self.state = 515
                        self._errHandler.sync(self)
                        token = self._input.LA(1)
                        if token in [3]:
                            self.state = 501
                            self.match(SQLiteParser.OPEN_PAR)
                            self.state = 511
                            self._errHandler.sync(self)
                            la_ = self._interp.adaptivePredict(self._input,64,self._ctx)
                            if la_ == 1:
                                self.state = 502
                                self.select_stmt()

                            elif la_ == 2:
                                self.state = 503
                                self.expr(0)
                                self.state = 508
                                self._errHandler.sync(self)
                                _la = self._input.LA(1)
                                while _la==5:
                                    self.state = 504
                                    self.match(SQLiteParser.COMMA)
                                    self.state = 505
                                    self.expr(0)
                                    self.state = 510
                                    self._errHandler.sync(self)
                                    _la = self._input.LA(1)



                            self.state = 513
                            self.match(SQLiteParser.CLOSE_PAR)
                            pass
                        elif token in [33, 35, 37, 40, 44, 47, 50, 52, 53, 54, 57, 59, 68, 70, 72, 73, 75, 79, 80, 83, 85, 86, 87, 88, 89, 90, 92, 93, 96, 97, 103, 104, 106]:
                            self.state = 514
                            self.qualified_table_name()
                            pass
                        else:
                            raise NoViableAltException(self)

                        pass

                    elif la_ == 14:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 517
                        if not self.precpred(self._ctx, 10):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 10)")
                        self.state = 522
                        self._errHandler.sync(self)
                        token = self._input.LA(1)
                        if token in [66]:
                            self.state = 518
                            self.match(SQLiteParser.ISNULL_)
                            pass
                        elif token in [77]:
                            self.state = 519
                            self.match(SQLiteParser.NOTNULL_)
                            pass
                        elif token in [76]:
                            self.state = 520
                            self.match(SQLiteParser.NOT_)
                            self.state = 521
                            self.match(SQLiteParser.NULL_)
                            pass
                        else:
                            raise NoViableAltException(self)

                        pass

             
                self.state = 528
                self._errHandler.sync(self)
                _alt = self._interp.adaptivePredict(self._input,68,self._ctx)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.unrollRecursionContexts(_parentctx)
        return localctx


    class Column_refContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def identifier(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(SQLiteParser.IdentifierContext)
            else:
                return self.getTypedRuleContext(SQLiteParser.IdentifierContext,i)


        def join_keyword(self):
            return self.getTypedRuleContext(SQLiteParser.Join_keywordContext,0)


        def DOT(self, i:int=None):
            if i is None:
                return self.getTokens(SQLiteParser.DOT)
            else:
                return self.getToken(SQLiteParser.DOT, i)

        def getRuleIndex(self):
            return SQLiteParser.RULE_column_ref




    def column_ref(self):

        localctx = SQLiteParser.Column_refContext(self, self._ctx, self.state)
        self.enterRule(localctx, 48, self.RULE_column_ref)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 536
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,70,self._ctx)
            if la_ == 1:
                self.state = 529
                self.identifier()
                self.state = 530
                self.match(SQLiteParser.DOT)
                self.state = 534
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,69,self._ctx)
                if la_ == 1:
                    self.state = 531
                    self.identifier()
                    self.state = 532
                    self.match(SQLiteParser.DOT)




            self.state = 540
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [33, 35, 37, 40, 44, 47, 50, 52, 53, 54, 57, 59, 68, 70, 72, 73, 75, 79, 80, 83, 85, 86, 87, 88, 89, 90, 92, 93, 96, 97, 103, 104, 106]:
                self.state = 538
                self.identifier()
                pass
            elif token in [39, 56, 63, 69, 74, 84, 91]:
                self.state = 539
                self.join_keyword()
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Join_keywordContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def CROSS_(self):
            return self.getToken(SQLiteParser.CROSS_, 0)

        def FULL_(self):
            return self.getToken(SQLiteParser.FULL_, 0)

        def INNER_(self):
            return self.getToken(SQLiteParser.INNER_, 0)

        def LEFT_(self):
            return self.getToken(SQLiteParser.LEFT_, 0)

        def NATURAL_(self):
            return self.getToken(SQLiteParser.NATURAL_, 0)

        def OUTER_(self):
            return self.getToken(SQLiteParser.OUTER_, 0)

        def RIGHT_(self):
            return self.getToken(SQLiteParser.RIGHT_, 0)

        def getRuleIndex(self):
            return SQLiteParser.RULE_join_keyword




    def join_keyword(self):

        localctx = SQLiteParser.Join_keywordContext(self, self._ctx, self.state)
        self.enterRule(localctx, 50, self.RULE_join_keyword)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 542
            _la = self._input.LA(1)
            if not(((((_la - 39)) & ~0x3f) == 0 and ((1 << (_la - 39)) & 4538819449847809) != 0)):
                self._errHandler.recoverInline(self)
            else:
                self._errHandler.reportMatch(self)
                self.consume()
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class LiteralContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def NUMERIC_LITERAL(self):
            return self.getToken(SQLiteParser.NUMERIC_LITERAL, 0)

        def STRING_LITERAL(self):
            return self.getToken(SQLiteParser.STRING_LITERAL, 0)

        def BLOB_LITERAL(self):
            return self.getToken(SQLiteParser.BLOB_LITERAL, 0)

        def NULL_(self):
            return self.getToken(SQLiteParser.NULL_, 0)

        def CURRENT_TIME_(self):
            return self.getToken(SQLiteParser.CURRENT_TIME_, 0)

        def CURRENT_DATE_(self):
            return self.getToken(SQLiteParser.CURRENT_DATE_, 0)

        def CURRENT_TIMESTAMP_(self):
            return self.getToken(SQLiteParser.CURRENT_TIMESTAMP_, 0)

        def getRuleIndex(self):
            return SQLiteParser.RULE_literal




    def literal(self):

        localctx = SQLiteParser.LiteralContext(self, self._ctx, self.state)
        self.enterRule(localctx, 52, self.RULE_literal)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 544
            _la = self._input.LA(1)
            if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 15393162788864) != 0) or ((((_la - 78)) & ~0x3f) == 0 and ((1 << (_la - 78)) & 6979321857) != 0)):
                self._errHandler.recoverInline(self)
            else:
                self._errHandler.reportMatch(self)
                self.consume()
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Function_callContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def function_name(self):
            return self.getTypedRuleContext(SQLiteParser.Function_nameContext,0)


        def OPEN_PAR(self):
            return self.getToken(SQLiteParser.OPEN_PAR, 0)

        def CLOSE_PAR(self):
            return self.getToken(SQLiteParser.CLOSE_PAR, 0)

        def STAR(self):
            return self.getToken(SQLiteParser.STAR, 0)

        def expr(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(SQLiteParser.ExprContext)
            else:
                return self.getTypedRuleContext(SQLiteParser.ExprContext,i)


        def filter_clause(self):
            return self.getTypedRuleContext(SQLiteParser.Filter_clauseContext,0)


        def over_clause(self):
            return self.getTypedRuleContext(SQLiteParser.Over_clauseContext,0)


        def DISTINCT_(self):
            return self.getToken(SQLiteParser.DISTINCT_, 0)

        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(SQLiteParser.COMMA)
            else:
                return self.getToken(SQLiteParser.COMMA, i)

        def order_by_clause(self):
            return self.getTypedRuleContext(SQLiteParser.Order_by_clauseContext,0)


        def getRuleIndex(self):
            return SQLiteParser.RULE_function_call




    def function_call(self):

        localctx = SQLiteParser.Function_callContext(self, self._ctx, self.state)
        self.enterRule(localctx, 54, self.RULE_function_call)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 546
            self.function_name()
            self.state = 547
            self.match(SQLiteParser.OPEN_PAR)
            self.state = 563
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [7]:
                self.state = 548
                self.match(SQLiteParser.STAR)
                pass
            elif token in [3, 8, 9, 10, 33, 35, 36, 37, 39, 40, 41, 42, 43, 44, 45, 47, 50, 51, 52, 53, 54, 56, 57, 59, 63, 68, 69, 70, 72, 73, 74, 75, 76, 78, 79, 80, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 96, 97, 103, 104, 106, 107, 108, 109, 110]:
                self.state = 550
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==45:
                    self.state = 549
                    self.match(SQLiteParser.DISTINCT_)


                self.state = 552
                self.expr(0)
                self.state = 557
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==5:
                    self.state = 553
                    self.match(SQLiteParser.COMMA)
                    self.state = 554
                    self.expr(0)
                    self.state = 559
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 561
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==28:
                    self.state = 560
                    self.order_by_clause()


                pass
            elif token in [4]:
                pass
            else:
                pass
            self.state = 565
            self.match(SQLiteParser.CLOSE_PAR)
            self.state = 567
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,76,self._ctx)
            if la_ == 1:
                self.state = 566
                self.filter_clause()


            self.state = 570
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,77,self._ctx)
            if la_ == 1:
                self.state = 569
                self.over_clause()


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Function_nameContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def identifier(self):
            return self.getTypedRuleContext(SQLiteParser.IdentifierContext,0)


        def LEFT_(self):
            return self.getToken(SQLiteParser.LEFT_, 0)

        def RIGHT_(self):
            return self.getToken(SQLiteParser.RIGHT_, 0)

        def getRuleIndex(self):
            return SQLiteParser.RULE_function_name




    def function_name(self):

        localctx = SQLiteParser.Function_nameContext(self, self._ctx, self.state)
        self.enterRule(localctx, 56, self.RULE_function_name)
        try:
            self.state = 575
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [33, 35, 37, 40, 44, 47, 50, 52, 53, 54, 57, 59, 68, 70, 72, 73, 75, 79, 80, 83, 85, 86, 87, 88, 89, 90, 92, 93, 96, 97, 103, 104, 106]:
                self.enterOuterAlt(localctx, 1)
                self.state = 572
                self.identifier()
                pass
            elif token in [69]:
                self.enterOuterAlt(localctx, 2)
                self.state = 573
                self.match(SQLiteParser.LEFT_)
                pass
            elif token in [91]:
                self.enterOuterAlt(localctx, 3)
                self.state = 574
                self.match(SQLiteParser.RIGHT_)
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Filter_clauseContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def FILTER_(self):
            return self.getToken(SQLiteParser.FILTER_, 0)

        def OPEN_PAR(self):
            return self.getToken(SQLiteParser.OPEN_PAR, 0)

        def WHERE_(self):
            return self.getToken(SQLiteParser.WHERE_, 0)

        def expr(self):
            return self.getTypedRuleContext(SQLiteParser.ExprContext,0)


        def CLOSE_PAR(self):
            return self.getToken(SQLiteParser.CLOSE_PAR, 0)

        def getRuleIndex(self):
            return SQLiteParser.RULE_filter_clause




    def filter_clause(self):

        localctx = SQLiteParser.Filter_clauseContext(self, self._ctx, self.state)
        self.enterRule(localctx, 58, self.RULE_filter_clause)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 577
            self.match(SQLiteParser.FILTER_)
            self.state = 578
            self.match(SQLiteParser.OPEN_PAR)
            self.state = 579
            self.match(SQLiteParser.WHERE_)
            self.state = 580
            self.expr(0)
            self.state = 581
            self.match(SQLiteParser.CLOSE_PAR)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Over_clauseContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def OVER_(self):
            return self.getToken(SQLiteParser.OVER_, 0)

        def identifier(self):
            return self.getTypedRuleContext(SQLiteParser.IdentifierContext,0)


        def OPEN_PAR(self):
            return self.getToken(SQLiteParser.OPEN_PAR, 0)

        def window_defn(self):
            return self.getTypedRuleContext(SQLiteParser.Window_defnContext,0)


        def CLOSE_PAR(self):
            return self.getToken(SQLiteParser.CLOSE_PAR, 0)

        def getRuleIndex(self):
            return SQLiteParser.RULE_over_clause




    def over_clause(self):

        localctx = SQLiteParser.Over_clauseContext(self, self._ctx, self.state)
        self.enterRule(localctx, 60, self.RULE_over_clause)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 583
            self.match(SQLiteParser.OVER_)
            self.state = 589
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [33, 35, 37, 40, 44, 47, 50, 52, 53, 54, 57, 59, 68, 70, 72, 73, 75, 79, 80, 83, 85, 86, 87, 88, 89, 90, 92, 93, 96, 97, 103, 104, 106]:
                self.state = 584
                self.identifier()
                pass
            elif token in [3]:
                self.state = 585
                self.match(SQLiteParser.OPEN_PAR)
                self.state = 586
                self.window_defn()
                self.state = 587
                self.match(SQLiteParser.CLOSE_PAR)
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Window_defnContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def identifier(self):
            return self.getTypedRuleContext(SQLiteParser.IdentifierContext,0)


        def PARTITION_(self):
            return self.getToken(SQLiteParser.PARTITION_, 0)

        def BY_(self):
            return self.getToken(SQLiteParser.BY_, 0)

        def expr(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(SQLiteParser.ExprContext)
            else:
                return self.getTypedRuleContext(SQLiteParser.ExprContext,i)


        def order_by_clause(self):
            return self.getTypedRuleContext(SQLiteParser.Order_by_clauseContext,0)


        def frame_spec(self):
            return self.getTypedRuleContext(SQLiteParser.Frame_specContext,0)


        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(SQLiteParser.COMMA)
            else:
                return self.getToken(SQLiteParser.COMMA, i)

        def getRuleIndex(self):
            return SQLiteParser.RULE_window_defn




    def window_defn(self):

        localctx = SQLiteParser.Window_defnContext(self, self._ctx, self.state)
        self.enterRule(localctx, 62, self.RULE_window_defn)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 592
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,80,self._ctx)
            if la_ == 1:
                self.state = 591
                self.identifier()


            self.state = 604
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==86:
                self.state = 594
                self.match(SQLiteParser.PARTITION_)
                self.state = 595
                self.match(SQLiteParser.BY_)
                self.state = 596
                self.expr(0)
                self.state = 601
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==5:
                    self.state = 597
                    self.match(SQLiteParser.COMMA)
                    self.state = 598
                    self.expr(0)
                    self.state = 603
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)



            self.state = 607
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==28:
                self.state = 606
                self.order_by_clause()


            self.state = 610
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if ((((_la - 59)) & ~0x3f) == 0 and ((1 << (_la - 59)) & 17716740097) != 0):
                self.state = 609
                self.frame_spec()


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Frame_specContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def RANGE_(self):
            return self.getToken(SQLiteParser.RANGE_, 0)

        def ROWS_(self):
            return self.getToken(SQLiteParser.ROWS_, 0)

        def GROUPS_(self):
            return self.getToken(SQLiteParser.GROUPS_, 0)

        def BETWEEN_(self):
            return self.getToken(SQLiteParser.BETWEEN_, 0)

        def frame_bound(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(SQLiteParser.Frame_boundContext)
            else:
                return self.getTypedRuleContext(SQLiteParser.Frame_boundContext,i)


        def AND_(self):
            return self.getToken(SQLiteParser.AND_, 0)

        def EXCLUDE_(self):
            return self.getToken(SQLiteParser.EXCLUDE_, 0)

        def NO_(self):
            return self.getToken(SQLiteParser.NO_, 0)

        def OTHERS_(self):
            return self.getToken(SQLiteParser.OTHERS_, 0)

        def CURRENT_(self):
            return self.getToken(SQLiteParser.CURRENT_, 0)

        def ROW_(self):
            return self.getToken(SQLiteParser.ROW_, 0)

        def GROUP_(self):
            return self.getToken(SQLiteParser.GROUP_, 0)

        def TIES_(self):
            return self.getToken(SQLiteParser.TIES_, 0)

        def getRuleIndex(self):
            return SQLiteParser.RULE_frame_spec




    def frame_spec(self):

        localctx = SQLiteParser.Frame_specContext(self, self._ctx, self.state)
        self.enterRule(localctx, 64, self.RULE_frame_spec)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 612
            _la = self._input.LA(1)
            if not(((((_la - 59)) & ~0x3f) == 0 and ((1 << (_la - 59)) & 17716740097) != 0)):
                self._errHandler.recoverInline(self)
            else:
                self._errHandler.reportMatch(self)
                self.consume()
            self.state = 619
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [34]:
                self.state = 613
                self.match(SQLiteParser.BETWEEN_)
                self.state = 614
                self.frame_bound()
                self.state = 615
                self.match(SQLiteParser.AND_)
                self.state = 616
                self.frame_bound()
                pass
            elif token in [3, 8, 9, 10, 33, 35, 36, 37, 39, 40, 41, 42, 43, 44, 47, 50, 51, 52, 53, 54, 56, 57, 59, 63, 68, 69, 70, 72, 73, 74, 75, 76, 78, 79, 80, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 96, 97, 103, 104, 106, 107, 108, 109, 110]:
                self.state = 618
                self.frame_bound()
                pass
            else:
                raise NoViableAltException(self)

            self.state = 630
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==50:
                self.state = 621
                self.match(SQLiteParser.EXCLUDE_)
                self.state = 628
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [75]:
                    self.state = 622
                    self.match(SQLiteParser.NO_)
                    self.state = 623
                    self.match(SQLiteParser.OTHERS_)
                    pass
                elif token in [40]:
                    self.state = 624
                    self.match(SQLiteParser.CURRENT_)
                    self.state = 625
                    self.match(SQLiteParser.ROW_)
                    pass
                elif token in [58]:
                    self.state = 626
                    self.match(SQLiteParser.GROUP_)
                    pass
                elif token in [96]:
                    self.state = 627
                    self.match(SQLiteParser.TIES_)
                    pass
                else:
                    raise NoViableAltException(self)



        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Frame_boundContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def UNBOUNDED_(self):
            return self.getToken(SQLiteParser.UNBOUNDED_, 0)

        def PRECEDING_(self):
            return self.getToken(SQLiteParser.PRECEDING_, 0)

        def FOLLOWING_(self):
            return self.getToken(SQLiteParser.FOLLOWING_, 0)

        def CURRENT_(self):
            return self.getToken(SQLiteParser.CURRENT_, 0)

        def ROW_(self):
            return self.getToken(SQLiteParser.ROW_, 0)

        def expr(self):
            return self.getTypedRuleContext(SQLiteParser.ExprContext,0)


        def getRuleIndex(self):
            return SQLiteParser.RULE_frame_bound




    def frame_bound(self):

        localctx = SQLiteParser.Frame_boundContext(self, self._ctx, self.state)
        self.enterRule(localctx, 66, self.RULE_frame_bound)
        self._la = 0 # Token type
        try:
            self.state = 639
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,88,self._ctx)
            if la_ == 1:
                self.enterOuterAlt(localctx, 1)
                self.state = 632
                self.match(SQLiteParser.UNBOUNDED_)
                self.state = 633
                _la = self._input.LA(1)
                if not(_la==54 or _la==87):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                pass

            elif la_ == 2:
                self.enterOuterAlt(localctx, 2)
                self.state = 634
                self.match(SQLiteParser.CURRENT_)
                self.state = 635
                self.match(SQLiteParser.ROW_)
                pass

            elif la_ == 3:
                self.enterOuterAlt(localctx, 3)
                self.state = 636
                self.expr(0)
                self.state = 637
                _la = self._input.LA(1)
                if not(_la==54 or _la==87):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                pass


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Type_nameContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def identifier(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(SQLiteParser.IdentifierContext)
            else:
                return self.getTypedRuleContext(SQLiteParser.IdentifierContext,i)


        def OPEN_PAR(self):
            return self.getToken(SQLiteParser.OPEN_PAR, 0)

        def signed_number(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(SQLiteParser.Signed_numberContext)
            else:
                return self.getTypedRuleContext(SQLiteParser.Signed_numberContext,i)


        def CLOSE_PAR(self):
            return self.getToken(SQLiteParser.CLOSE_PAR, 0)

        def COMMA(self):
            return self.getToken(SQLiteParser.COMMA, 0)

        def getRuleIndex(self):
            return SQLiteParser.RULE_type_name




    def type_name(self):

        localctx = SQLiteParser.Type_nameContext(self, self._ctx, self.state)
        self.enterRule(localctx, 68, self.RULE_type_name)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 642 
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while True:
                self.state = 641
                self.identifier()
                self.state = 644 
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if not ((((_la) & ~0x3f) == 0 and ((1 << _la) & 753386647252369408) != 0) or ((((_la - 68)) & ~0x3f) == 0 and ((1 << (_la - 68)) & 378821056693) != 0)):
                    break

            self.state = 654
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==3:
                self.state = 646
                self.match(SQLiteParser.OPEN_PAR)
                self.state = 647
                self.signed_number()
                self.state = 650
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==5:
                    self.state = 648
                    self.match(SQLiteParser.COMMA)
                    self.state = 649
                    self.signed_number()


                self.state = 652
                self.match(SQLiteParser.CLOSE_PAR)


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Signed_numberContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def NUMERIC_LITERAL(self):
            return self.getToken(SQLiteParser.NUMERIC_LITERAL, 0)

        def PLUS(self):
            return self.getToken(SQLiteParser.PLUS, 0)

        def MINUS(self):
            return self.getToken(SQLiteParser.MINUS, 0)

        def getRuleIndex(self):
            return SQLiteParser.RULE_signed_number




    def signed_number(self):

        localctx = SQLiteParser.Signed_numberContext(self, self._ctx, self.state)
        self.enterRule(localctx, 70, self.RULE_signed_number)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 657
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==8 or _la==9:
                self.state = 656
                _la = self._input.LA(1)
                if not(_la==8 or _la==9):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()


            self.state = 659
            self.match(SQLiteParser.NUMERIC_LITERAL)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class Table_nameContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def identifier(self):
            return self.getTypedRuleContext(SQLiteParser.IdentifierContext,0)


        def getRuleIndex(self):
            return SQLiteParser.RULE_table_name




    def table_name(self):

        localctx = SQLiteParser.Table_nameContext(self, self._ctx, self.state)
        self.enterRule(localctx, 72, self.RULE_table_name)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 661
            self.identifier()
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class AliasContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def identifier(self):
            return self.getTypedRuleContext(SQLiteParser.IdentifierContext,0)


        def STRING_LITERAL(self):
            return self.getToken(SQLiteParser.STRING_LITERAL, 0)

        def getRuleIndex(self):
            return SQLiteParser.RULE_alias




    def alias(self):

        localctx = SQLiteParser.AliasContext(self, self._ctx, self.state)
        self.enterRule(localctx, 74, self.RULE_alias)
        try:
            self.state = 665
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [33, 35, 37, 40, 44, 47, 50, 52, 53, 54, 57, 59, 68, 70, 72, 73, 75, 79, 80, 83, 85, 86, 87, 88, 89, 90, 92, 93, 96, 97, 103, 104, 106]:
                self.enterOuterAlt(localctx, 1)
                self.state = 663
                self.identifier()
                pass
            elif token in [109]:
                self.enterOuterAlt(localctx, 2)
                self.state = 664
                self.match(SQLiteParser.STRING_LITERAL)
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class IdentifierContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def IDENTIFIER(self):
            return self.getToken(SQLiteParser.IDENTIFIER, 0)

        def ASC_(self):
            return self.getToken(SQLiteParser.ASC_, 0)

        def BY_(self):
            return self.getToken(SQLiteParser.BY_, 0)

        def CAST_(self):
            return self.getToken(SQLiteParser.CAST_, 0)

        def CURRENT_(self):
            return self.getToken(SQLiteParser.CURRENT_, 0)

        def DESC_(self):
            return self.getToken(SQLiteParser.DESC_, 0)

        def END_(self):
            return self.getToken(SQLiteParser.END_, 0)

        def EXCLUDE_(self):
            return self.getToken(SQLiteParser.EXCLUDE_, 0)

        def FILTER_(self):
            return self.getToken(SQLiteParser.FILTER_, 0)

        def FIRST_(self):
            return self.getToken(SQLiteParser.FIRST_, 0)

        def FOLLOWING_(self):
            return self.getToken(SQLiteParser.FOLLOWING_, 0)

        def GLOB_(self):
            return self.getToken(SQLiteParser.GLOB_, 0)

        def GROUPS_(self):
            return self.getToken(SQLiteParser.GROUPS_, 0)

        def LAST_(self):
            return self.getToken(SQLiteParser.LAST_, 0)

        def LIKE_(self):
            return self.getToken(SQLiteParser.LIKE_, 0)

        def MATCH_(self):
            return self.getToken(SQLiteParser.MATCH_, 0)

        def MATERIALIZED_(self):
            return self.getToken(SQLiteParser.MATERIALIZED_, 0)

        def NO_(self):
            return self.getToken(SQLiteParser.NO_, 0)

        def NULLS_(self):
            return self.getToken(SQLiteParser.NULLS_, 0)

        def OFFSET_(self):
            return self.getToken(SQLiteParser.OFFSET_, 0)

        def OTHERS_(self):
            return self.getToken(SQLiteParser.OTHERS_, 0)

        def OVER_(self):
            return self.getToken(SQLiteParser.OVER_, 0)

        def PARTITION_(self):
            return self.getToken(SQLiteParser.PARTITION_, 0)

        def PRECEDING_(self):
            return self.getToken(SQLiteParser.PRECEDING_, 0)

        def RANGE_(self):
            return self.getToken(SQLiteParser.RANGE_, 0)

        def RECURSIVE_(self):
            return self.getToken(SQLiteParser.RECURSIVE_, 0)

        def REGEXP_(self):
            return self.getToken(SQLiteParser.REGEXP_, 0)

        def ROW_(self):
            return self.getToken(SQLiteParser.ROW_, 0)

        def ROWS_(self):
            return self.getToken(SQLiteParser.ROWS_, 0)

        def TIES_(self):
            return self.getToken(SQLiteParser.TIES_, 0)

        def UNBOUNDED_(self):
            return self.getToken(SQLiteParser.UNBOUNDED_, 0)

        def WINDOW_(self):
            return self.getToken(SQLiteParser.WINDOW_, 0)

        def WITH_(self):
            return self.getToken(SQLiteParser.WITH_, 0)

        def getRuleIndex(self):
            return SQLiteParser.RULE_identifier




    def identifier(self):

        localctx = SQLiteParser.IdentifierContext(self, self._ctx, self.state)
        self.enterRule(localctx, 76, self.RULE_identifier)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 667
            _la = self._input.LA(1)
            if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 753386647252369408) != 0) or ((((_la - 68)) & ~0x3f) == 0 and ((1 << (_la - 68)) & 378821056693) != 0)):
                self._errHandler.recoverInline(self)
            else:
                self._errHandler.reportMatch(self)
                self.consume()
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx



    def sempred(self, localctx:RuleContext, ruleIndex:int, predIndex:int):
        if self._predicates == None:
            self._predicates = dict()
        self._predicates[23] = self.expr_sempred
        pred = self._predicates.get(ruleIndex, None)
        if pred is None:
            raise Exception("No predicate with index:" + str(ruleIndex))
        else:
            return pred(localctx, predIndex)

    def expr_sempred(self, localctx:ExprContext, predIndex:int):
            if predIndex == 0:
                return self.precpred(self._ctx, 20)
         

            if predIndex == 1:
                return self.precpred(self._ctx, 19)
         

            if predIndex == 2:
                return self.precpred(self._ctx, 18)
         

            if predIndex == 3:
                return self.precpred(self._ctx, 17)
         

            if predIndex == 4:
                return self.precpred(self._ctx, 16)
         

            if predIndex == 5:
                return self.precpred(self._ctx, 15)
         

            if predIndex == 6:
                return self.precpred(self._ctx, 14)
         

            if predIndex == 7:
                return self.precpred(self._ctx, 12)
         

            if predIndex == 8:
                return self.precpred(self._ctx, 8)
         

            if predIndex == 9:
                return self.conjunction_allowed()
         

            if predIndex == 10:
                return self.precpred(self._ctx, 7)
         

            if predIndex == 11:
                return self.conjunction_allowed()
         

            if predIndex == 12:
                return self.precpred(self._ctx, 21)
         

            if predIndex == 13:
                return self.precpred(self._ctx, 13)
         

            if predIndex == 14:
                return self.precpred(self._ctx, 11)
         

            if predIndex == 15:
                return self.precpred(self._ctx, 10)
         




