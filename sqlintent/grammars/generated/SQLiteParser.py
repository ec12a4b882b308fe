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
        4,1,112,656,2,0,7,0,2,1,7,1,2,2,7,2,2,3,7,3,2,4,7,4,2,5,7,5,2,6,
        7,6,2,7,7,7,2,8,7,8,2,9,7,9,2,10,7,10,2,11,7,11,2,12,7,12,2,13,7,
        13,2,14,7,14,2,15,7,15,2,16,7,16,2,17,7,17,2,18,7,18,2,19,7,19,2,
        20,7,20,2,21,7,21,2,22,7,22,2,23,7,23,2,24,7,24,2,25,7,25,2,26,7,
        26,2,27,7,27,2,28,7,28,2,29,7,29,2,30,7,30,2,31,7,31,2,32,7,32,2,
        33,7,33,2,34,7,34,2,35,7,35,2,36,7,36,2,37,7,37,1,0,1,0,5,0,79,8,
        0,10,0,12,0,82,9,0,1,0,1,0,1,1,3,1,87,8,1,1,1,1,1,1,1,1,1,5,1,93,
        8,1,10,1,12,1,96,9,1,1,1,3,1,99,8,1,1,1,3,1,102,8,1,1,2,1,2,3,2,
        106,8,2,1,2,1,2,1,2,5,2,111,8,2,10,2,12,2,114,9,2,1,3,1,3,1,3,1,
        3,1,3,5,3,121,8,3,10,3,12,3,124,9,3,1,3,1,3,3,3,128,8,3,1,3,1,3,
        3,3,132,8,3,1,3,3,3,135,8,3,1,3,1,3,1,3,1,3,1,4,1,4,3,4,143,8,4,
        1,4,1,4,3,4,147,8,4,1,5,1,5,3,5,151,8,5,1,5,1,5,3,5,155,8,5,1,5,
        3,5,158,8,5,1,5,3,5,161,8,5,1,5,3,5,164,8,5,1,5,3,5,167,8,5,1,6,
        1,6,1,6,1,6,5,6,173,8,6,10,6,12,6,176,9,6,1,7,1,7,1,7,1,7,5,7,182,
        8,7,10,7,12,7,185,9,7,1,7,1,7,1,8,1,8,1,8,5,8,192,8,8,10,8,12,8,
        195,9,8,1,9,1,9,1,9,1,9,1,9,1,9,1,9,3,9,204,8,9,1,9,3,9,207,8,9,
        3,9,209,8,9,1,10,1,10,1,10,1,11,1,11,1,11,1,11,3,11,218,8,11,5,11,
        220,8,11,10,11,12,11,223,9,11,1,12,1,12,3,12,227,8,12,1,12,1,12,
        3,12,231,8,12,1,12,1,12,3,12,235,8,12,1,12,3,12,238,8,12,1,12,1,
        12,1,12,3,12,243,8,12,1,13,1,13,1,13,1,13,1,13,1,13,1,13,5,13,252,
        8,13,10,13,12,13,255,9,13,1,13,1,13,3,13,259,8,13,1,14,1,14,3,14,
        263,8,14,1,14,3,14,266,8,14,1,14,1,14,1,14,1,14,1,14,3,14,273,8,
        14,1,14,1,14,1,14,1,14,1,14,5,14,280,8,14,10,14,12,14,283,9,14,1,
        14,1,14,3,14,287,8,14,1,14,3,14,290,8,14,1,14,1,14,1,14,1,14,3,14,
        296,8,14,1,14,3,14,299,8,14,1,14,1,14,1,14,1,14,3,14,305,8,14,1,
        15,1,15,1,15,3,15,310,8,15,1,15,1,15,1,16,1,16,1,16,1,17,1,17,1,
        17,1,17,5,17,321,8,17,10,17,12,17,324,9,17,1,17,1,17,3,17,328,8,
        17,1,17,1,17,3,17,332,8,17,1,18,1,18,1,18,1,18,5,18,338,8,18,10,
        18,12,18,341,9,18,1,19,1,19,1,19,1,19,1,19,1,19,1,20,1,20,1,20,1,
        20,5,20,353,8,20,10,20,12,20,356,9,20,1,21,1,21,3,21,360,8,21,1,
        21,1,21,3,21,364,8,21,1,22,1,22,1,22,1,22,3,22,370,8,22,1,23,1,23,
        1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,5,23,385,
        8,23,10,23,12,23,388,9,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,
        1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,3,23,
        410,8,23,1,23,1,23,1,23,1,23,1,23,4,23,417,8,23,11,23,12,23,418,
        1,23,1,23,3,23,423,8,23,1,23,1,23,3,23,427,8,23,1,23,1,23,1,23,1,
        23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,
        23,1,23,1,23,1,23,1,23,3,23,450,8,23,1,23,1,23,3,23,454,8,23,1,23,
        1,23,1,23,3,23,459,8,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,
        1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,1,23,3,23,479,8,23,
        1,23,1,23,1,23,1,23,3,23,485,8,23,1,23,1,23,3,23,489,8,23,1,23,1,
        23,1,23,1,23,1,23,1,23,5,23,497,8,23,10,23,12,23,500,9,23,3,23,502,
        8,23,1,23,1,23,3,23,506,8,23,1,23,1,23,1,23,1,23,1,23,3,23,513,8,
        23,5,23,515,8,23,10,23,12,23,518,9,23,1,24,1,24,1,24,1,24,1,24,3,
        24,525,8,24,3,24,527,8,24,1,24,1,24,1,25,1,25,1,26,1,26,1,26,1,26,
        3,26,537,8,26,1,26,1,26,1,26,5,26,542,8,26,10,26,12,26,545,9,26,
        1,26,3,26,548,8,26,3,26,550,8,26,1,26,1,26,3,26,554,8,26,1,26,3,
        26,557,8,26,1,27,1,27,1,27,3,27,562,8,27,1,28,1,28,1,28,1,28,1,28,
        1,28,1,29,1,29,1,29,1,29,1,29,1,29,3,29,576,8,29,1,30,3,30,579,8,
        30,1,30,1,30,1,30,1,30,1,30,5,30,586,8,30,10,30,12,30,589,9,30,3,
        30,591,8,30,1,30,3,30,594,8,30,1,30,3,30,597,8,30,1,31,1,31,1,31,
        1,31,1,31,1,31,1,31,3,31,606,8,31,1,31,1,31,1,31,1,31,1,31,1,31,
        1,31,3,31,615,8,31,3,31,617,8,31,1,32,1,32,1,32,1,32,1,32,1,32,1,
        32,3,32,626,8,32,1,33,4,33,629,8,33,11,33,12,33,630,1,33,1,33,1,
        33,1,33,3,33,637,8,33,1,33,1,33,3,33,641,8,33,1,34,3,34,644,8,34,
        1,34,1,34,1,35,1,35,1,36,1,36,3,36,652,8,36,1,37,1,37,1,37,0,1,46,
        38,0,2,4,6,8,10,12,14,16,18,20,22,24,26,28,30,32,34,36,38,40,42,
        44,46,48,50,52,54,56,58,60,62,64,66,68,70,72,74,0,17,2,0,29,29,44,
        44,3,0,55,55,68,68,90,90,2,0,32,32,43,43,2,0,52,52,67,67,2,0,5,5,
        79,79,1,0,8,10,1,0,11,13,2,0,7,7,14,15,1,0,8,9,1,0,16,19,1,0,20,
        23,2,0,6,6,24,26,4,0,56,56,69,69,71,71,89,89,4,0,40,42,77,77,105,
        105,107,108,3,0,58,58,87,87,92,92,2,0,53,53,86,86,20,0,32,32,34,
        34,36,36,39,39,43,43,46,46,49,49,51,53,56,56,58,58,67,67,69,69,71,
        72,74,74,78,79,82,82,84,89,91,92,95,96,102,104,745,0,76,1,0,0,0,
        2,86,1,0,0,0,4,103,1,0,0,0,6,115,1,0,0,0,8,146,1,0,0,0,10,166,1,
        0,0,0,12,168,1,0,0,0,14,177,1,0,0,0,16,188,1,0,0,0,18,208,1,0,0,
        0,20,210,1,0,0,0,22,213,1,0,0,0,24,242,1,0,0,0,26,258,1,0,0,0,28,
        304,1,0,0,0,30,309,1,0,0,0,32,313,1,0,0,0,34,331,1,0,0,0,36,333,
        1,0,0,0,38,342,1,0,0,0,40,348,1,0,0,0,42,357,1,0,0,0,44,365,1,0,
        0,0,46,426,1,0,0,0,48,526,1,0,0,0,50,530,1,0,0,0,52,532,1,0,0,0,
        54,561,1,0,0,0,56,563,1,0,0,0,58,569,1,0,0,0,60,578,1,0,0,0,62,598,
        1,0,0,0,64,625,1,0,0,0,66,628,1,0,0,0,68,643,1,0,0,0,70,647,1,0,
        0,0,72,651,1,0,0,0,74,653,1,0,0,0,76,80,3,2,1,0,77,79,5,1,0,0,78,
        77,1,0,0,0,79,82,1,0,0,0,80,78,1,0,0,0,80,81,1,0,0,0,81,83,1,0,0,
        0,82,80,1,0,0,0,83,84,5,0,0,1,84,1,1,0,0,0,85,87,3,4,2,0,86,85,1,
        0,0,0,86,87,1,0,0,0,87,88,1,0,0,0,88,94,3,10,5,0,89,90,3,8,4,0,90,
        91,3,10,5,0,91,93,1,0,0,0,92,89,1,0,0,0,93,96,1,0,0,0,94,92,1,0,
        0,0,94,95,1,0,0,0,95,98,1,0,0,0,96,94,1,0,0,0,97,99,3,40,20,0,98,
        97,1,0,0,0,98,99,1,0,0,0,99,101,1,0,0,0,100,102,3,44,22,0,101,100,
        1,0,0,0,101,102,1,0,0,0,102,3,1,0,0,0,103,105,5,103,0,0,104,106,
        5,88,0,0,105,104,1,0,0,0,105,106,1,0,0,0,106,107,1,0,0,0,107,112,
        3,6,3,0,108,109,5,5,0,0,109,111,3,6,3,0,110,108,1,0,0,0,111,114,
        1,0,0,0,112,110,1,0,0,0,112,113,1,0,0,0,113,5,1,0,0,0,114,112,1,
        0,0,0,115,127,3,70,35,0,116,117,5,3,0,0,117,122,3,74,37,0,118,119,
        5,5,0,0,119,121,3,74,37,0,120,118,1,0,0,0,121,124,1,0,0,0,122,120,
        1,0,0,0,122,123,1,0,0,0,123,125,1,0,0,0,124,122,1,0,0,0,125,126,
        5,4,0,0,126,128,1,0,0,0,127,116,1,0,0,0,127,128,1,0,0,0,128,129,
        1,0,0,0,129,134,5,31,0,0,130,132,5,75,0,0,131,130,1,0,0,0,131,132,
        1,0,0,0,132,133,1,0,0,0,133,135,5,72,0,0,134,131,1,0,0,0,134,135,
        1,0,0,0,135,136,1,0,0,0,136,137,5,3,0,0,137,138,3,2,1,0,138,139,
        5,4,0,0,139,7,1,0,0,0,140,142,5,97,0,0,141,143,5,29,0,0,142,141,
        1,0,0,0,142,143,1,0,0,0,143,147,1,0,0,0,144,147,5,63,0,0,145,147,
        5,48,0,0,146,140,1,0,0,0,146,144,1,0,0,0,146,145,1,0,0,0,147,9,1,
        0,0,0,148,150,5,93,0,0,149,151,7,0,0,0,150,149,1,0,0,0,150,151,1,
        0,0,0,151,152,1,0,0,0,152,154,3,16,8,0,153,155,3,20,10,0,154,153,
        1,0,0,0,154,155,1,0,0,0,155,157,1,0,0,0,156,158,3,32,16,0,157,156,
        1,0,0,0,157,158,1,0,0,0,158,160,1,0,0,0,159,161,3,34,17,0,160,159,
        1,0,0,0,160,161,1,0,0,0,161,163,1,0,0,0,162,164,3,36,18,0,163,162,
        1,0,0,0,163,164,1,0,0,0,164,167,1,0,0,0,165,167,3,12,6,0,166,148,
        1,0,0,0,166,165,1,0,0,0,167,11,1,0,0,0,168,169,5,99,0,0,169,174,
        3,14,7,0,170,171,5,5,0,0,171,173,3,14,7,0,172,170,1,0,0,0,173,176,
        1,0,0,0,174,172,1,0,0,0,174,175,1,0,0,0,175,13,1,0,0,0,176,174,1,
        0,0,0,177,178,5,3,0,0,178,183,3,46,23,0,179,180,5,5,0,0,180,182,
        3,46,23,0,181,179,1,0,0,0,182,185,1,0,0,0,183,181,1,0,0,0,183,184,
        1,0,0,0,184,186,1,0,0,0,185,183,1,0,0,0,186,187,5,4,0,0,187,15,1,
        0,0,0,188,193,3,18,9,0,189,190,5,5,0,0,190,192,3,18,9,0,191,189,
        1,0,0,0,192,195,1,0,0,0,193,191,1,0,0,0,193,194,1,0,0,0,194,17,1,
        0,0,0,195,193,1,0,0,0,196,209,5,7,0,0,197,198,3,70,35,0,198,199,
        5,2,0,0,199,200,5,7,0,0,200,209,1,0,0,0,201,206,3,46,23,0,202,204,
        5,31,0,0,203,202,1,0,0,0,203,204,1,0,0,0,204,205,1,0,0,0,205,207,
        3,72,36,0,206,203,1,0,0,0,206,207,1,0,0,0,207,209,1,0,0,0,208,196,
        1,0,0,0,208,197,1,0,0,0,208,201,1,0,0,0,209,19,1,0,0,0,210,211,5,
        54,0,0,211,212,3,22,11,0,212,21,1,0,0,0,213,221,3,28,14,0,214,215,
        3,24,12,0,215,217,3,28,14,0,216,218,3,26,13,0,217,216,1,0,0,0,217,
        218,1,0,0,0,218,220,1,0,0,0,219,214,1,0,0,0,220,223,1,0,0,0,221,
        219,1,0,0,0,221,222,1,0,0,0,222,23,1,0,0,0,223,221,1,0,0,0,224,243,
        5,5,0,0,225,227,5,73,0,0,226,225,1,0,0,0,226,227,1,0,0,0,227,228,
        1,0,0,0,228,230,7,1,0,0,229,231,5,83,0,0,230,229,1,0,0,0,230,231,
        1,0,0,0,231,232,1,0,0,0,232,243,5,66,0,0,233,235,5,73,0,0,234,233,
        1,0,0,0,234,235,1,0,0,0,235,237,1,0,0,0,236,238,5,62,0,0,237,236,
        1,0,0,0,237,238,1,0,0,0,238,239,1,0,0,0,239,243,5,66,0,0,240,241,
        5,38,0,0,241,243,5,66,0,0,242,224,1,0,0,0,242,226,1,0,0,0,242,234,
        1,0,0,0,242,240,1,0,0,0,243,25,1,0,0,0,244,245,5,80,0,0,245,259,
        3,46,23,0,246,247,5,98,0,0,247,248,5,3,0,0,248,253,3,74,37,0,249,
        250,5,5,0,0,250,252,3,74,37,0,251,249,1,0,0,0,252,255,1,0,0,0,253,
        251,1,0,0,0,253,254,1,0,0,0,254,256,1,0,0,0,255,253,1,0,0,0,256,
        257,5,4,0,0,257,259,1,0,0,0,258,244,1,0,0,0,258,246,1,0,0,0,259,
        27,1,0,0,0,260,265,3,30,15,0,261,263,5,31,0,0,262,261,1,0,0,0,262,
        263,1,0,0,0,263,264,1,0,0,0,264,266,3,72,36,0,265,262,1,0,0,0,265,
        266,1,0,0,0,266,272,1,0,0,0,267,268,5,61,0,0,268,269,5,34,0,0,269,
        273,3,74,37,0,270,271,5,75,0,0,271,273,5,61,0,0,272,267,1,0,0,0,
        272,270,1,0,0,0,272,273,1,0,0,0,273,305,1,0,0,0,274,275,3,30,15,
        0,275,276,5,3,0,0,276,281,3,46,23,0,277,278,5,5,0,0,278,280,3,46,
        23,0,279,277,1,0,0,0,280,283,1,0,0,0,281,279,1,0,0,0,281,282,1,0,
        0,0,282,284,1,0,0,0,283,281,1,0,0,0,284,289,5,4,0,0,285,287,5,31,
        0,0,286,285,1,0,0,0,286,287,1,0,0,0,287,288,1,0,0,0,288,290,3,72,
        36,0,289,286,1,0,0,0,289,290,1,0,0,0,290,305,1,0,0,0,291,292,5,3,
        0,0,292,293,3,2,1,0,293,298,5,4,0,0,294,296,5,31,0,0,295,294,1,0,
        0,0,295,296,1,0,0,0,296,297,1,0,0,0,297,299,3,72,36,0,298,295,1,
        0,0,0,298,299,1,0,0,0,299,305,1,0,0,0,300,301,5,3,0,0,301,302,3,
        22,11,0,302,303,5,4,0,0,303,305,1,0,0,0,304,260,1,0,0,0,304,274,
        1,0,0,0,304,291,1,0,0,0,304,300,1,0,0,0,305,29,1,0,0,0,306,307,3,
        74,37,0,307,308,5,2,0,0,308,310,1,0,0,0,309,306,1,0,0,0,309,310,
        1,0,0,0,310,311,1,0,0,0,311,312,3,70,35,0,312,31,1,0,0,0,313,314,
        5,101,0,0,314,315,3,46,23,0,315,33,1,0,0,0,316,317,5,27,0,0,317,
        322,3,46,23,0,318,319,5,5,0,0,319,321,3,46,23,0,320,318,1,0,0,0,
        321,324,1,0,0,0,322,320,1,0,0,0,322,323,1,0,0,0,323,327,1,0,0,0,
        324,322,1,0,0,0,325,326,5,59,0,0,326,328,3,46,23,0,327,325,1,0,0,
        0,327,328,1,0,0,0,328,332,1,0,0,0,329,330,5,59,0,0,330,332,3,46,
        23,0,331,316,1,0,0,0,331,329,1,0,0,0,332,35,1,0,0,0,333,334,5,102,
        0,0,334,339,3,38,19,0,335,336,5,5,0,0,336,338,3,38,19,0,337,335,
        1,0,0,0,338,341,1,0,0,0,339,337,1,0,0,0,339,340,1,0,0,0,340,37,1,
        0,0,0,341,339,1,0,0,0,342,343,3,74,37,0,343,344,5,31,0,0,344,345,
        5,3,0,0,345,346,3,60,30,0,346,347,5,4,0,0,347,39,1,0,0,0,348,349,
        5,28,0,0,349,354,3,42,21,0,350,351,5,5,0,0,351,353,3,42,21,0,352,
        350,1,0,0,0,353,356,1,0,0,0,354,352,1,0,0,0,354,355,1,0,0,0,355,
        41,1,0,0,0,356,354,1,0,0,0,357,359,3,46,23,0,358,360,7,2,0,0,359,
        358,1,0,0,0,359,360,1,0,0,0,360,363,1,0,0,0,361,362,5,78,0,0,362,
        364,7,3,0,0,363,361,1,0,0,0,363,364,1,0,0,0,364,43,1,0,0,0,365,366,
        5,70,0,0,366,369,3,46,23,0,367,368,7,4,0,0,368,370,3,46,23,0,369,
        367,1,0,0,0,369,370,1,0,0,0,370,45,1,0,0,0,371,372,6,23,-1,0,372,
        427,3,50,25,0,373,427,5,106,0,0,374,427,3,48,24,0,375,376,7,5,0,
        0,376,427,3,46,23,22,377,378,5,75,0,0,378,427,3,46,23,9,379,427,
        3,52,26,0,380,381,5,3,0,0,381,386,3,46,23,0,382,383,5,5,0,0,383,
        385,3,46,23,0,384,382,1,0,0,0,385,388,1,0,0,0,386,384,1,0,0,0,386,
        387,1,0,0,0,387,389,1,0,0,0,388,386,1,0,0,0,389,390,5,4,0,0,390,
        427,1,0,0,0,391,392,5,3,0,0,392,393,3,2,1,0,393,394,5,4,0,0,394,
        427,1,0,0,0,395,396,5,50,0,0,396,397,5,3,0,0,397,398,3,2,1,0,398,
        399,5,4,0,0,399,427,1,0,0,0,400,401,5,36,0,0,401,402,5,3,0,0,402,
        403,3,46,23,0,403,404,5,31,0,0,404,405,3,66,33,0,405,406,5,4,0,0,
        406,427,1,0,0,0,407,409,5,35,0,0,408,410,3,46,23,0,409,408,1,0,0,
        0,409,410,1,0,0,0,410,416,1,0,0,0,411,412,5,100,0,0,412,413,3,46,
        23,0,413,414,5,94,0,0,414,415,3,46,23,0,415,417,1,0,0,0,416,411,
        1,0,0,0,417,418,1,0,0,0,418,416,1,0,0,0,418,419,1,0,0,0,419,422,
        1,0,0,0,420,421,5,45,0,0,421,423,3,46,23,0,422,420,1,0,0,0,422,423,
        1,0,0,0,423,424,1,0,0,0,424,425,5,46,0,0,425,427,1,0,0,0,426,371,
        1,0,0,0,426,373,1,0,0,0,426,374,1,0,0,0,426,375,1,0,0,0,426,377,
        1,0,0,0,426,379,1,0,0,0,426,380,1,0,0,0,426,391,1,0,0,0,426,395,
        1,0,0,0,426,400,1,0,0,0,426,407,1,0,0,0,427,516,1,0,0,0,428,429,
        10,20,0,0,429,430,7,6,0,0,430,515,3,46,23,21,431,432,10,19,0,0,432,
        433,7,7,0,0,433,515,3,46,23,20,434,435,10,18,0,0,435,436,7,8,0,0,
        436,515,3,46,23,19,437,438,10,17,0,0,438,439,7,9,0,0,439,515,3,46,
        23,18,440,441,10,16,0,0,441,442,7,10,0,0,442,515,3,46,23,17,443,
        444,10,15,0,0,444,445,7,11,0,0,445,515,3,46,23,16,446,447,10,14,
        0,0,447,449,5,64,0,0,448,450,5,75,0,0,449,448,1,0,0,0,449,450,1,
        0,0,0,450,453,1,0,0,0,451,452,5,44,0,0,452,454,5,54,0,0,453,451,
        1,0,0,0,453,454,1,0,0,0,454,455,1,0,0,0,455,515,3,46,23,15,456,458,
        10,12,0,0,457,459,5,75,0,0,458,457,1,0,0,0,458,459,1,0,0,0,459,460,
        1,0,0,0,460,461,5,33,0,0,461,462,3,46,23,0,462,463,5,30,0,0,463,
        464,3,46,23,13,464,515,1,0,0,0,465,466,10,8,0,0,466,467,4,23,9,0,
        467,468,5,30,0,0,468,515,3,46,23,9,469,470,10,7,0,0,470,471,4,23,
        11,0,471,472,5,81,0,0,472,515,3,46,23,8,473,474,10,21,0,0,474,475,
        5,37,0,0,475,515,3,74,37,0,476,478,10,13,0,0,477,479,5,75,0,0,478,
        477,1,0,0,0,478,479,1,0,0,0,479,480,1,0,0,0,480,481,7,12,0,0,481,
        484,3,46,23,0,482,483,5,47,0,0,483,485,3,46,23,0,484,482,1,0,0,0,
        484,485,1,0,0,0,485,515,1,0,0,0,486,488,10,11,0,0,487,489,5,75,0,
        0,488,487,1,0,0,0,488,489,1,0,0,0,489,490,1,0,0,0,490,505,5,60,0,
        0,491,501,5,3,0,0,492,502,3,2,1,0,493,498,3,46,23,0,494,495,5,5,
        0,0,495,497,3,46,23,0,496,494,1,0,0,0,497,500,1,0,0,0,498,496,1,
        0,0,0,498,499,1,0,0,0,499,502,1,0,0,0,500,498,1,0,0,0,501,492,1,
        0,0,0,501,493,1,0,0,0,501,502,1,0,0,0,502,503,1,0,0,0,503,506,5,
        4,0,0,504,506,3,30,15,0,505,491,1,0,0,0,505,504,1,0,0,0,506,515,
        1,0,0,0,507,512,10,10,0,0,508,513,5,65,0,0,509,513,5,76,0,0,510,
        511,5,75,0,0,511,513,5,77,0,0,512,508,1,0,0,0,512,509,1,0,0,0,512,
        510,1,0,0,0,513,515,1,0,0,0,514,428,1,0,0,0,514,431,1,0,0,0,514,
        434,1,0,0,0,514,437,1,0,0,0,514,440,1,0,0,0,514,443,1,0,0,0,514,
        446,1,0,0,0,514,456,1,0,0,0,514,465,1,0,0,0,514,469,1,0,0,0,514,
        473,1,0,0,0,514,476,1,0,0,0,514,486,1,0,0,0,514,507,1,0,0,0,515,
        518,1,0,0,0,516,514,1,0,0,0,516,517,1,0,0,0,517,47,1,0,0,0,518,516,
        1,0,0,0,519,520,3,74,37,0,520,524,5,2,0,0,521,522,3,74,37,0,522,
        523,5,2,0,0,523,525,1,0,0,0,524,521,1,0,0,0,524,525,1,0,0,0,525,
        527,1,0,0,0,526,519,1,0,0,0,526,527,1,0,0,0,527,528,1,0,0,0,528,
        529,3,74,37,0,529,49,1,0,0,0,530,531,7,13,0,0,531,51,1,0,0,0,532,
        533,3,54,27,0,533,549,5,3,0,0,534,550,5,7,0,0,535,537,5,44,0,0,536,
        535,1,0,0,0,536,537,1,0,0,0,537,538,1,0,0,0,538,543,3,46,23,0,539,
        540,5,5,0,0,540,542,3,46,23,0,541,539,1,0,0,0,542,545,1,0,0,0,543,
        541,1,0,0,0,543,544,1,0,0,0,544,547,1,0,0,0,545,543,1,0,0,0,546,
        548,3,40,20,0,547,546,1,0,0,0,547,548,1,0,0,0,548,550,1,0,0,0,549,
        534,1,0,0,0,549,536,1,0,0,0,549,550,1,0,0,0,550,551,1,0,0,0,551,
        553,5,4,0,0,552,554,3,56,28,0,553,552,1,0,0,0,553,554,1,0,0,0,554,
        556,1,0,0,0,555,557,3,58,29,0,556,555,1,0,0,0,556,557,1,0,0,0,557,
        53,1,0,0,0,558,562,3,74,37,0,559,562,5,68,0,0,560,562,5,90,0,0,561,
        558,1,0,0,0,561,559,1,0,0,0,561,560,1,0,0,0,562,55,1,0,0,0,563,564,
        5,51,0,0,564,565,5,3,0,0,565,566,5,101,0,0,566,567,3,46,23,0,567,
        568,5,4,0,0,568,57,1,0,0,0,569,575,5,84,0,0,570,576,3,74,37,0,571,
        572,5,3,0,0,572,573,3,60,30,0,573,574,5,4,0,0,574,576,1,0,0,0,575,
        570,1,0,0,0,575,571,1,0,0,0,576,59,1,0,0,0,577,579,3,74,37,0,578,
        577,1,0,0,0,578,579,1,0,0,0,579,590,1,0,0,0,580,581,5,85,0,0,581,
        582,5,34,0,0,582,587,3,46,23,0,583,584,5,5,0,0,584,586,3,46,23,0,
        585,583,1,0,0,0,586,589,1,0,0,0,587,585,1,0,0,0,587,588,1,0,0,0,
        588,591,1,0,0,0,589,587,1,0,0,0,590,580,1,0,0,0,590,591,1,0,0,0,
        591,593,1,0,0,0,592,594,3,40,20,0,593,592,1,0,0,0,593,594,1,0,0,
        0,594,596,1,0,0,0,595,597,3,62,31,0,596,595,1,0,0,0,596,597,1,0,
        0,0,597,61,1,0,0,0,598,605,7,14,0,0,599,600,5,33,0,0,600,601,3,64,
        32,0,601,602,5,30,0,0,602,603,3,64,32,0,603,606,1,0,0,0,604,606,
        3,64,32,0,605,599,1,0,0,0,605,604,1,0,0,0,606,616,1,0,0,0,607,614,
        5,49,0,0,608,609,5,74,0,0,609,615,5,82,0,0,610,611,5,39,0,0,611,
        615,5,91,0,0,612,615,5,57,0,0,613,615,5,95,0,0,614,608,1,0,0,0,614,
        610,1,0,0,0,614,612,1,0,0,0,614,613,1,0,0,0,615,617,1,0,0,0,616,
        607,1,0,0,0,616,617,1,0,0,0,617,63,1,0,0,0,618,619,5,96,0,0,619,
        626,7,15,0,0,620,621,5,39,0,0,621,626,5,91,0,0,622,623,3,46,23,0,
        623,624,7,15,0,0,624,626,1,0,0,0,625,618,1,0,0,0,625,620,1,0,0,0,
        625,622,1,0,0,0,626,65,1,0,0,0,627,629,3,74,37,0,628,627,1,0,0,0,
        629,630,1,0,0,0,630,628,1,0,0,0,630,631,1,0,0,0,631,640,1,0,0,0,
        632,633,5,3,0,0,633,636,3,68,34,0,634,635,5,5,0,0,635,637,3,68,34,
        0,636,634,1,0,0,0,636,637,1,0,0,0,637,638,1,0,0,0,638,639,5,4,0,
        0,639,641,1,0,0,0,640,632,1,0,0,0,640,641,1,0,0,0,641,67,1,0,0,0,
        642,644,7,8,0,0,643,642,1,0,0,0,643,644,1,0,0,0,644,645,1,0,0,0,
        645,646,5,105,0,0,646,69,1,0,0,0,647,648,3,74,37,0,648,71,1,0,0,
        0,649,652,3,74,37,0,650,652,5,107,0,0,651,649,1,0,0,0,651,650,1,
        0,0,0,652,73,1,0,0,0,653,654,7,16,0,0,654,75,1,0,0,0,93,80,86,94,
        98,101,105,112,122,127,131,134,142,146,150,154,157,160,163,166,174,
        183,193,203,206,208,217,221,226,230,234,237,242,253,258,262,265,
        272,281,286,289,295,298,304,309,322,327,331,339,354,359,363,369,
        386,409,418,422,426,449,453,458,478,484,488,498,501,505,512,514,
        516,524,526,536,543,547,549,553,556,561,575,578,587,590,593,596,
        605,614,616,625,630,636,640,643,651
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
                     "<INVALID>", "'ALL'", "'AND'", "'AS'", "'ASC'", "'BETWEEN'", 
                     "'BY'", "'CASE'", "'CAST'", "'COLLATE'", "'CROSS'", 
                     "'CURRENT'", "'CURRENT_DATE'", "'CURRENT_TIME'", "'CURRENT_TIMESTAMP'", 
                     "'DESC'", "'DISTINCT'", "'ELSE'", "'END'", "'ESCAPE'", 
                     "'EXCEPT'", "'EXCLUDE'", "'EXISTS'", "'FILTER'", "'FIRST'", 
                     "'FOLLOWING'", "'FROM'", "'FULL'", "'GLOB'", "'GROUP'", 
                     "'GROUPS'", "'HAVING'", "'IN'", "'INDEXED'", "'INNER'", 
                     "'INTERSECT'", "'IS'", "'ISNULL'", "'JOIN'", "'LAST'", 
                     "'LEFT'", "'LIKE'", "'LIMIT'", "'MATCH'", "'MATERIALIZED'", 
                     "'NATURAL'", "'NO'", "'NOT'", "'NOTNULL'", "'NULL'", 
                     "'NULLS'", "'OFFSET'", "'ON'", "'OR'", "'OTHERS'", 
                     "'OUTER'", "'OVER'", "'PARTITION'", "'PRECEDING'", 
                     "'RANGE'", "'RECURSIVE'", "'REGEXP'", "'RIGHT'", "'ROW'", 
                     "'ROWS'", "'SELECT'", "'THEN'", "'TIES'", "'UNBOUNDED'", 
                     "'UNION'", "'USING'", "'VALUES'", "'WHEN'", "'WHERE'", 
                     "'WINDOW'", "'WITH'" ]

    symbolicNames = [ "<INVALID>", "SCOL", "DOT", "OPEN_PAR", "CLOSE_PAR", 
                      "COMMA", "ASSIGN", "STAR", "PLUS", "MINUS", "TILDE", 
                      "PIPE2", "JPTR2", "JPTR", "DIV", "MOD", "LT2", "GT2", 
                      "AMP", "PIPE", "LT", "LT_EQ", "GT", "GT_EQ", "EQ", 
                      "NOT_EQ1", "NOT_EQ2", "GROUP_BY_", "ORDER_BY_", "ALL_", 
                      "AND_", "AS_", "ASC_", "BETWEEN_", "BY_", "CASE_", 
                      "CAST_", "COLLATE_", "CROSS_", "CURRENT_", "CURRENT_DATE_", 
                      "CURRENT_TIME_", "CURRENT_TIMESTAMP_", "DESC_", "DISTINCT_", 
                      "ELSE_", "END_", "ESCAPE_", "EXCEPT_", "EXCLUDE_", 
                      "EXISTS_", "FILTER_", "FIRST_", "FOLLOWING_", "FROM_", 
                      "FULL_", "GLOB_", "GROUP_", "GROUPS_", "HAVING_", 
                      "IN_", "INDEXED_", "INNER_", "INTERSECT_", "IS_", 
                      "ISNULL_", "JOIN_", "LAST_", "LEFT_", "LIKE_", "LIMIT_", 
                      "MATCH_", "MATERIALIZED_", "NATURAL_", "NO_", "NOT_", 
                      "NOTNULL_", "NULL_", "NULLS_", "OFFSET_", "ON_", "OR_", 
                      "OTHERS_", "OUTER_", "OVER_", "PARTITION_", "PRECEDING_", 
                      "RANGE_", "RECURSIVE_", "REGEXP_", "RIGHT_", "ROW_", 
                      "ROWS_", "SELECT_", "THEN_", "TIES_", "UNBOUNDED_", 
                      "UNION_", "USING_", "VALUES_", "WHEN_", "WHERE_", 
                      "WINDOW_", "WITH_", "IDENTIFIER", "NUMERIC_LITERAL", 
                      "BIND_PARAMETER", "STRING_LITERAL", "BLOB_LITERAL", 
                      "SINGLE_LINE_COMMENT", "MULTILINE_COMMENT", "SPACES", 
                      "UNEXPECTED_CHAR" ]

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
    RULE_literal = 25
    RULE_function_call = 26
    RULE_function_name = 27
    RULE_filter_clause = 28
    RULE_over_clause = 29
    RULE_window_defn = 30
    RULE_frame_spec = 31
    RULE_frame_bound = 32
    RULE_type_name = 33
    RULE_signed_number = 34
    RULE_table_name = 35
    RULE_alias = 36
    RULE_identifier = 37

    ruleNames =  [ "parse", "select_stmt", "with_clause", "common_table_expression", 
                   "compound_operator", "select_core", "values_clause", 
                   "row_value", "result_clause", "result_column", "from_clause", 
                   "join_clause", "join_operator", "join_constraint", "table_or_subquery", 
                   "qualified_table_name", "where_clause", "group_by_clause", 
                   "window_clause", "named_window", "order_by_clause", "ordering_term", 
                   "limit_clause", "expr", "column_ref", "literal", "function_call", 
                   "function_name", "filter_clause", "over_clause", "window_defn", 
                   "frame_spec", "frame_bound", "type_name", "signed_number", 
                   "table_name", "alias", "identifier" ]

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
    ALL_=29
    AND_=30
    AS_=31
    ASC_=32
    BETWEEN_=33
    BY_=34
    CASE_=35
    CAST_=36
    COLLATE_=37
    CROSS_=38
    CURRENT_=39
    CURRENT_DATE_=40
    CURRENT_TIME_=41
    CURRENT_TIMESTAMP_=42
    DESC_=43
    DISTINCT_=44
    ELSE_=45
    END_=46
    ESCAPE_=47
    EXCEPT_=48
    EXCLUDE_=49
    EXISTS_=50
    FILTER_=51
    FIRST_=52
    FOLLOWING_=53
    FROM_=54
    FULL_=55
    GLOB_=56
    GROUP_=57
    GROUPS_=58
    HAVING_=59
    IN_=60
    INDEXED_=61
    INNER_=62
    INTERSECT_=63
    IS_=64
    ISNULL_=65
    JOIN_=66
    LAST_=67
    LEFT_=68
    LIKE_=69
    LIMIT_=70
    MATCH_=71
    MATERIALIZED_=72
    NATURAL_=73
    NO_=74
    NOT_=75
    NOTNULL_=76
    NULL_=77
    NULLS_=78
    OFFSET_=79
    ON_=80
    OR_=81
    OTHERS_=82
    OUTER_=83
    OVER_=84
    PARTITION_=85
    PRECEDING_=86
    RANGE_=87
    RECURSIVE_=88
    REGEXP_=89
    RIGHT_=90
    ROW_=91
    ROWS_=92
    SELECT_=93
    THEN_=94
    TIES_=95
    UNBOUNDED_=96
    UNION_=97
    USING_=98
    VALUES_=99
    WHEN_=100
    WHERE_=101
    WINDOW_=102
    WITH_=103
    IDENTIFIER=104
    NUMERIC_LITERAL=105
    BIND_PARAMETER=106
    STRING_LITERAL=107
    BLOB_LITERAL=108
    SINGLE_LINE_COMMENT=109
    MULTILINE_COMMENT=110
    SPACES=111
    UNEXPECTED_CHAR=112

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
            self.state = 76
            self.select_stmt()
            self.state = 80
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==1:
                self.state = 77
                self.match(SQLiteParser.SCOL)
                self.state = 82
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 83
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
            self.state = 86
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==103:
                self.state = 85
                self.with_clause()


            self.state = 88
            self.select_core()
            self.state = 94
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while ((((_la - 48)) & ~0x3f) == 0 and ((1 << (_la - 48)) & 562949953454081) != 0):
                self.state = 89
                self.compound_operator()
                self.state = 90
                self.select_core()
                self.state = 96
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 98
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==28:
                self.state = 97
                self.order_by_clause()


            self.state = 101
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==70:
                self.state = 100
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
            self.state = 103
            self.match(SQLiteParser.WITH_)
            self.state = 105
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,5,self._ctx)
            if la_ == 1:
                self.state = 104
                self.match(SQLiteParser.RECURSIVE_)


            self.state = 107
            self.common_table_expression()
            self.state = 112
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==5:
                self.state = 108
                self.match(SQLiteParser.COMMA)
                self.state = 109
                self.common_table_expression()
                self.state = 114
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
            self.state = 115
            self.table_name()
            self.state = 127
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==3:
                self.state = 116
                self.match(SQLiteParser.OPEN_PAR)
                self.state = 117
                self.identifier()
                self.state = 122
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==5:
                    self.state = 118
                    self.match(SQLiteParser.COMMA)
                    self.state = 119
                    self.identifier()
                    self.state = 124
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 125
                self.match(SQLiteParser.CLOSE_PAR)


            self.state = 129
            self.match(SQLiteParser.AS_)
            self.state = 134
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==72 or _la==75:
                self.state = 131
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==75:
                    self.state = 130
                    self.match(SQLiteParser.NOT_)


                self.state = 133
                self.match(SQLiteParser.MATERIALIZED_)


            self.state = 136
            self.match(SQLiteParser.OPEN_PAR)
            self.state = 137
            self.select_stmt()
            self.state = 138
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
            self.state = 146
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [97]:
                self.enterOuterAlt(localctx, 1)
                self.state = 140
                self.match(SQLiteParser.UNION_)
                self.state = 142
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==29:
                    self.state = 141
                    self.match(SQLiteParser.ALL_)


                pass
            elif token in [63]:
                self.enterOuterAlt(localctx, 2)
                self.state = 144
                self.match(SQLiteParser.INTERSECT_)
                pass
            elif token in [48]:
                self.enterOuterAlt(localctx, 3)
                self.state = 145
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
            self.state = 166
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [93]:
                self.enterOuterAlt(localctx, 1)
                self.state = 148
                self.match(SQLiteParser.SELECT_)
                self.state = 150
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==29 or _la==44:
                    self.state = 149
                    _la = self._input.LA(1)
                    if not(_la==29 or _la==44):
                        self._errHandler.recoverInline(self)
                    else:
                        self._errHandler.reportMatch(self)
                        self.consume()


                self.state = 152
                self.result_clause()
                self.state = 154
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==54:
                    self.state = 153
                    self.from_clause()


                self.state = 157
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==101:
                    self.state = 156
                    self.where_clause()


                self.state = 160
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==27 or _la==59:
                    self.state = 159
                    self.group_by_clause()


                self.state = 163
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==102:
                    self.state = 162
                    self.window_clause()


                pass
            elif token in [99]:
                self.enterOuterAlt(localctx, 2)
                self.state = 165
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
            self.state = 168
            self.match(SQLiteParser.VALUES_)
            self.state = 169
            self.row_value()
            self.state = 174
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==5:
                self.state = 170
                self.match(SQLiteParser.COMMA)
                self.state = 171
                self.row_value()
                self.state = 176
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
            self.state = 177
            self.match(SQLiteParser.OPEN_PAR)
            self.state = 178
            self.expr(0)
            self.state = 183
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==5:
                self.state = 179
                self.match(SQLiteParser.COMMA)
                self.state = 180
                self.expr(0)
                self.state = 185
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 186
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
            self.state = 188
            self.result_column()
            self.state = 193
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==5:
                self.state = 189
                self.match(SQLiteParser.COMMA)
                self.state = 190
                self.result_column()
                self.state = 195
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


        def alias(self):
            return self.getTypedRuleContext(SQLiteParser.AliasContext,0)


        def AS_(self):
            return self.getToken(SQLiteParser.AS_, 0)

        def getRuleIndex(self):
            return SQLiteParser.RULE_result_column




    def result_column(self):

        localctx = SQLiteParser.Result_columnContext(self, self._ctx, self.state)
        self.enterRule(localctx, 18, self.RULE_result_column)
        self._la = 0 # Token type
        try:
            self.state = 208
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,24,self._ctx)
            if la_ == 1:
                self.enterOuterAlt(localctx, 1)
                self.state = 196
                self.match(SQLiteParser.STAR)
                pass

            elif la_ == 2:
                self.enterOuterAlt(localctx, 2)
                self.state = 197
                self.table_name()
                self.state = 198
                self.match(SQLiteParser.DOT)
                self.state = 199
                self.match(SQLiteParser.STAR)
                pass

            elif la_ == 3:
                self.enterOuterAlt(localctx, 3)
                self.state = 201
                self.expr(0)
                self.state = 206
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,23,self._ctx)
                if la_ == 1:
                    self.state = 203
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    if _la==31:
                        self.state = 202
                        self.match(SQLiteParser.AS_)


                    self.state = 205
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
            self.state = 210
            self.match(SQLiteParser.FROM_)
            self.state = 211
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
            self.state = 213
            self.table_or_subquery()
            self.state = 221
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while (((_la) & ~0x3f) == 0 and ((1 << _la) & 4647715090324258848) != 0) or ((((_la - 66)) & ~0x3f) == 0 and ((1 << (_la - 66)) & 16777349) != 0):
                self.state = 214
                self.join_operator()
                self.state = 215
                self.table_or_subquery()
                self.state = 217
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==80 or _la==98:
                    self.state = 216
                    self.join_constraint()


                self.state = 223
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
            self.state = 242
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,31,self._ctx)
            if la_ == 1:
                self.enterOuterAlt(localctx, 1)
                self.state = 224
                self.match(SQLiteParser.COMMA)
                pass

            elif la_ == 2:
                self.enterOuterAlt(localctx, 2)
                self.state = 226
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==73:
                    self.state = 225
                    self.match(SQLiteParser.NATURAL_)


                self.state = 228
                _la = self._input.LA(1)
                if not(((((_la - 55)) & ~0x3f) == 0 and ((1 << (_la - 55)) & 34359746561) != 0)):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                self.state = 230
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==83:
                    self.state = 229
                    self.match(SQLiteParser.OUTER_)


                self.state = 232
                self.match(SQLiteParser.JOIN_)
                pass

            elif la_ == 3:
                self.enterOuterAlt(localctx, 3)
                self.state = 234
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==73:
                    self.state = 233
                    self.match(SQLiteParser.NATURAL_)


                self.state = 237
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==62:
                    self.state = 236
                    self.match(SQLiteParser.INNER_)


                self.state = 239
                self.match(SQLiteParser.JOIN_)
                pass

            elif la_ == 4:
                self.enterOuterAlt(localctx, 4)
                self.state = 240
                self.match(SQLiteParser.CROSS_)
                self.state = 241
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
            self.state = 258
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [80]:
                self.enterOuterAlt(localctx, 1)
                self.state = 244
                self.match(SQLiteParser.ON_)
                self.state = 245
                self.expr(0)
                pass
            elif token in [98]:
                self.enterOuterAlt(localctx, 2)
                self.state = 246
                self.match(SQLiteParser.USING_)
                self.state = 247
                self.match(SQLiteParser.OPEN_PAR)
                self.state = 248
                self.identifier()
                self.state = 253
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==5:
                    self.state = 249
                    self.match(SQLiteParser.COMMA)
                    self.state = 250
                    self.identifier()
                    self.state = 255
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 256
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

        def AS_(self):
            return self.getToken(SQLiteParser.AS_, 0)

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
            self.state = 304
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,42,self._ctx)
            if la_ == 1:
                self.enterOuterAlt(localctx, 1)
                self.state = 260
                self.qualified_table_name()
                self.state = 265
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,35,self._ctx)
                if la_ == 1:
                    self.state = 262
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    if _la==31:
                        self.state = 261
                        self.match(SQLiteParser.AS_)


                    self.state = 264
                    self.alias()


                self.state = 272
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [61]:
                    self.state = 267
                    self.match(SQLiteParser.INDEXED_)
                    self.state = 268
                    self.match(SQLiteParser.BY_)
                    self.state = 269
                    self.identifier()
                    pass
                elif token in [75]:
                    self.state = 270
                    self.match(SQLiteParser.NOT_)
                    self.state = 271
                    self.match(SQLiteParser.INDEXED_)
                    pass
                elif token in [-1, 1, 4, 5, 27, 28, 38, 48, 55, 59, 62, 63, 66, 68, 70, 73, 80, 90, 97, 98, 101, 102]:
                    pass
                else:
                    pass
                pass

            elif la_ == 2:
                self.enterOuterAlt(localctx, 2)
                self.state = 274
                self.qualified_table_name()
                self.state = 275
                self.match(SQLiteParser.OPEN_PAR)
                self.state = 276
                self.expr(0)
                self.state = 281
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==5:
                    self.state = 277
                    self.match(SQLiteParser.COMMA)
                    self.state = 278
                    self.expr(0)
                    self.state = 283
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 284
                self.match(SQLiteParser.CLOSE_PAR)
                self.state = 289
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,39,self._ctx)
                if la_ == 1:
                    self.state = 286
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    if _la==31:
                        self.state = 285
                        self.match(SQLiteParser.AS_)


                    self.state = 288
                    self.alias()


                pass

            elif la_ == 3:
                self.enterOuterAlt(localctx, 3)
                self.state = 291
                self.match(SQLiteParser.OPEN_PAR)
                self.state = 292
                self.select_stmt()
                self.state = 293
                self.match(SQLiteParser.CLOSE_PAR)
                self.state = 298
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,41,self._ctx)
                if la_ == 1:
                    self.state = 295
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    if _la==31:
                        self.state = 294
                        self.match(SQLiteParser.AS_)


                    self.state = 297
                    self.alias()


                pass

            elif la_ == 4:
                self.enterOuterAlt(localctx, 4)
                self.state = 300
                self.match(SQLiteParser.OPEN_PAR)
                self.state = 301
                self.join_clause()
                self.state = 302
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
            self.state = 309
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,43,self._ctx)
            if la_ == 1:
                self.state = 306
                self.identifier()
                self.state = 307
                self.match(SQLiteParser.DOT)


            self.state = 311
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
            self.state = 313
            self.match(SQLiteParser.WHERE_)
            self.state = 314
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
            self.state = 331
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [27]:
                self.enterOuterAlt(localctx, 1)
                self.state = 316
                self.match(SQLiteParser.GROUP_BY_)
                self.state = 317
                self.expr(0)
                self.state = 322
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==5:
                    self.state = 318
                    self.match(SQLiteParser.COMMA)
                    self.state = 319
                    self.expr(0)
                    self.state = 324
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 327
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==59:
                    self.state = 325
                    self.match(SQLiteParser.HAVING_)
                    self.state = 326
                    self.expr(0)


                pass
            elif token in [59]:
                self.enterOuterAlt(localctx, 2)
                self.state = 329
                self.match(SQLiteParser.HAVING_)
                self.state = 330
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
            self.state = 333
            self.match(SQLiteParser.WINDOW_)
            self.state = 334
            self.named_window()
            self.state = 339
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==5:
                self.state = 335
                self.match(SQLiteParser.COMMA)
                self.state = 336
                self.named_window()
                self.state = 341
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
            self.state = 342
            self.identifier()
            self.state = 343
            self.match(SQLiteParser.AS_)
            self.state = 344
            self.match(SQLiteParser.OPEN_PAR)
            self.state = 345
            self.window_defn()
            self.state = 346
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
            self.state = 348
            self.match(SQLiteParser.ORDER_BY_)
            self.state = 349
            self.ordering_term()
            self.state = 354
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==5:
                self.state = 350
                self.match(SQLiteParser.COMMA)
                self.state = 351
                self.ordering_term()
                self.state = 356
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
            self.state = 357
            self.expr(0)
            self.state = 359
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==32 or _la==43:
                self.state = 358
                _la = self._input.LA(1)
                if not(_la==32 or _la==43):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()


            self.state = 363
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==78:
                self.state = 361
                self.match(SQLiteParser.NULLS_)
                self.state = 362
                _la = self._input.LA(1)
                if not(_la==52 or _la==67):
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
            self.state = 365
            self.match(SQLiteParser.LIMIT_)
            self.state = 366
            self.expr(0)
            self.state = 369
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==5 or _la==79:
                self.state = 367
                _la = self._input.LA(1)
                if not(_la==5 or _la==79):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                self.state = 368
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
            self.state = 426
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,56,self._ctx)
            if la_ == 1:
                self.state = 372
                self.literal()
                pass

            elif la_ == 2:
                self.state = 373
                self.match(SQLiteParser.BIND_PARAMETER)
                pass

            elif la_ == 3:
                self.state = 374
                self.column_ref()
                pass

            elif la_ == 4:
                self.state = 375
                _la = self._input.LA(1)
                if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 1792) != 0)):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                self.state = 376
                self.expr(22)
                pass

            elif la_ == 5:
                self.state = 377
                self.match(SQLiteParser.NOT_)
                self.state = 378
                self.expr(9)
                pass

            elif la_ == 6:
                self.state = 379
                self.function_call()
                pass

            elif la_ == 7:
                self.state = 380
                self.match(SQLiteParser.OPEN_PAR)
                self.state = 381
                self.expr(0)
                self.state = 386
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==5:
                    self.state = 382
                    self.match(SQLiteParser.COMMA)
                    self.state = 383
                    self.expr(0)
                    self.state = 388
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 389
                self.match(SQLiteParser.CLOSE_PAR)
                pass

            elif la_ == 8:
                self.state = 391
                self.match(SQLiteParser.OPEN_PAR)
                self.state = 392
                self.select_stmt()
                self.state = 393
                self.match(SQLiteParser.CLOSE_PAR)
                pass

            elif la_ == 9:
                self.state = 395
                self.match(SQLiteParser.EXISTS_)
                self.state = 396
                self.match(SQLiteParser.OPEN_PAR)
                self.state = 397
                self.select_stmt()
                self.state = 398
                self.match(SQLiteParser.CLOSE_PAR)
                pass

            elif la_ == 10:
                self.state = 400
                self.match(SQLiteParser.CAST_)
                self.state = 401
                self.match(SQLiteParser.OPEN_PAR)
                self.state = 402
                self.expr(0)
                self.state = 403
                self.match(SQLiteParser.AS_)
                self.state = 404
                self.type_name()
                self.state = 405
                self.match(SQLiteParser.CLOSE_PAR)
                pass

            elif la_ == 11:
                self.state = 407
                self.match(SQLiteParser.CASE_)
                self.state = 409
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if (((_la) & ~0x3f) == 0 and ((1 << _la) & 377826954474161928) != 0) or ((((_la - 67)) & ~0x3f) == 0 and ((1 << (_la - 67)) & 4364559097271) != 0):
                    self.state = 408
                    self.expr(0)


                self.state = 416 
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while True:
                    self.state = 411
                    self.match(SQLiteParser.WHEN_)
                    self.state = 412
                    self.expr(0)
                    self.state = 413
                    self.match(SQLiteParser.THEN_)
                    self.state = 414
                    self.expr(0)
                    self.state = 418 
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    if not (_la==100):
                        break

                self.state = 422
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==45:
                    self.state = 420
                    self.match(SQLiteParser.ELSE_)
                    self.state = 421
                    self.expr(0)


                self.state = 424
                self.match(SQLiteParser.END_)
                pass


            self._ctx.stop = self._input.LT(-1)
            self.state = 516
            self._errHandler.sync(self)
            _alt = self._interp.adaptivePredict(self._input,68,self._ctx)
            while _alt!=2 and _alt!=ATN.INVALID_ALT_NUMBER:
                if _alt==1:
                    if self._parseListeners is not None:
                        self.triggerExitRuleEvent()
                    _prevctx = localctx
                    self.state = 514
                    self._errHandler.sync(self)
                    la_ = self._interp.adaptivePredict(self._input,67,self._ctx)
                    if la_ == 1:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 428
                        if not self.precpred(self._ctx, 20):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 20)")
                        self.state = 429
                        _la = self._input.LA(1)
                        if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 14336) != 0)):
                            self._errHandler.recoverInline(self)
                        else:
                            self._errHandler.reportMatch(self)
                            self.consume()
                        self.state = 430
                        self.expr(21)
                        pass

                    elif la_ == 2:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 431
                        if not self.precpred(self._ctx, 19):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 19)")
                        self.state = 432
                        _la = self._input.LA(1)
                        if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 49280) != 0)):
                            self._errHandler.recoverInline(self)
                        else:
                            self._errHandler.reportMatch(self)
                            self.consume()
                        self.state = 433
                        self.expr(20)
                        pass

                    elif la_ == 3:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 434
                        if not self.precpred(self._ctx, 18):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 18)")
                        self.state = 435
                        _la = self._input.LA(1)
                        if not(_la==8 or _la==9):
                            self._errHandler.recoverInline(self)
                        else:
                            self._errHandler.reportMatch(self)
                            self.consume()
                        self.state = 436
                        self.expr(19)
                        pass

                    elif la_ == 4:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 437
                        if not self.precpred(self._ctx, 17):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 17)")
                        self.state = 438
                        _la = self._input.LA(1)
                        if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 983040) != 0)):
                            self._errHandler.recoverInline(self)
                        else:
                            self._errHandler.reportMatch(self)
                            self.consume()
                        self.state = 439
                        self.expr(18)
                        pass

                    elif la_ == 5:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 440
                        if not self.precpred(self._ctx, 16):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 16)")
                        self.state = 441
                        _la = self._input.LA(1)
                        if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 15728640) != 0)):
                            self._errHandler.recoverInline(self)
                        else:
                            self._errHandler.reportMatch(self)
                            self.consume()
                        self.state = 442
                        self.expr(17)
                        pass

                    elif la_ == 6:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 443
                        if not self.precpred(self._ctx, 15):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 15)")
                        self.state = 444
                        _la = self._input.LA(1)
                        if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 117440576) != 0)):
                            self._errHandler.recoverInline(self)
                        else:
                            self._errHandler.reportMatch(self)
                            self.consume()
                        self.state = 445
                        self.expr(16)
                        pass

                    elif la_ == 7:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 446
                        if not self.precpred(self._ctx, 14):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 14)")
                        self.state = 447
                        self.match(SQLiteParser.IS_)
                        self.state = 449
                        self._errHandler.sync(self)
                        la_ = self._interp.adaptivePredict(self._input,57,self._ctx)
                        if la_ == 1:
                            self.state = 448
                            self.match(SQLiteParser.NOT_)


                        self.state = 453
                        self._errHandler.sync(self)
                        _la = self._input.LA(1)
                        if _la==44:
                            self.state = 451
                            self.match(SQLiteParser.DISTINCT_)
                            self.state = 452
                            self.match(SQLiteParser.FROM_)


                        self.state = 455
                        self.expr(15)
                        pass

                    elif la_ == 8:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 456
                        if not self.precpred(self._ctx, 12):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 12)")
                        self.state = 458
                        self._errHandler.sync(self)
                        _la = self._input.LA(1)
                        if _la==75:
                            self.state = 457
                            self.match(SQLiteParser.NOT_)


                        self.state = 460
                        self.match(SQLiteParser.BETWEEN_)
                        self.state = 461
                        self.expr(0)
                        self.state = 462
                        self.match(SQLiteParser.AND_)
                        self.state = 463
                        self.expr(13)
                        pass

                    elif la_ == 9:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 465
                        if not self.precpred(self._ctx, 8):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 8)")
                        self.state = 466
                        if not self.conjunction_allowed():
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.conjunction_allowed()")
                        self.state = 467
                        self.match(SQLiteParser.AND_)
                        self.state = 468
                        self.expr(9)
                        pass

                    elif la_ == 10:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 469
                        if not self.precpred(self._ctx, 7):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 7)")
                        self.state = 470
                        if not self.conjunction_allowed():
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.conjunction_allowed()")
                        self.state = 471
                        self.match(SQLiteParser.OR_)
                        self.state = 472
                        self.expr(8)
                        pass

                    elif la_ == 11:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 473
                        if not self.precpred(self._ctx, 21):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 21)")
                        self.state = 474
                        self.match(SQLiteParser.COLLATE_)
                        self.state = 475
                        self.identifier()
                        pass

                    elif la_ == 12:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 476
                        if not self.precpred(self._ctx, 13):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 13)")
                        self.state = 478
                        self._errHandler.sync(self)
                        _la = self._input.LA(1)
                        if _la==75:
                            self.state = 477
                            self.match(SQLiteParser.NOT_)


                        self.state = 480
                        _la = self._input.LA(1)
                        if not(((((_la - 56)) & ~0x3f) == 0 and ((1 << (_la - 56)) & 8589975553) != 0)):
                            self._errHandler.recoverInline(self)
                        else:
                            self._errHandler.reportMatch(self)
                            self.consume()
                        self.state = 481
                        self.expr(0)
                        self.state = 484
                        self._errHandler.sync(self)
                        la_ = self._interp.adaptivePredict(self._input,61,self._ctx)
                        if la_ == 1:
                            self.state = 482
                            self.match(SQLiteParser.ESCAPE_)
                            self.state = 483
                            self.expr(0)


                        pass

                    elif la_ == 13:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 486
                        if not self.precpred(self._ctx, 11):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 11)")
                        self.state = 488
                        self._errHandler.sync(self)
                        _la = self._input.LA(1)
                        if _la==75:
                            self.state = 487
                            self.match(SQLiteParser.NOT_)


                        self.state = 490
                        self.match(SQLiteParser.IN_)
                        self.state = 505
                        self._errHandler.sync(self)
                        token = self._input.LA(1)
                        if token in [3]:
                            self.state = 491
                            self.match(SQLiteParser.OPEN_PAR)
                            self.state = 501
                            self._errHandler.sync(self)
                            la_ = self._interp.adaptivePredict(self._input,64,self._ctx)
                            if la_ == 1:
                                self.state = 492
                                self.select_stmt()

                            elif la_ == 2:
                                self.state = 493
                                self.expr(0)
                                self.state = 498
                                self._errHandler.sync(self)
                                _la = self._input.LA(1)
                                while _la==5:
                                    self.state = 494
                                    self.match(SQLiteParser.COMMA)
                                    self.state = 495
                                    self.expr(0)
                                    self.state = 500
                                    self._errHandler.sync(self)
                                    _la = self._input.LA(1)



                            self.state = 503
                            self.match(SQLiteParser.CLOSE_PAR)
                            pass
                        elif token in [32, 34, 36, 39, 43, 46, 49, 51, 52, 53, 56, 58, 67, 69, 71, 72, 74, 78, 79, 82, 84, 85, 86, 87, 88, 89, 91, 92, 95, 96, 102, 103, 104]:
                            self.state = 504
                            self.qualified_table_name()
                            pass
                        else:
                            raise NoViableAltException(self)

                        pass

                    elif la_ == 14:
                        localctx = SQLiteParser.ExprContext(self, _parentctx, _parentState)
                        self.pushNewRecursionContext(localctx, _startState, self.RULE_expr)
                        self.state = 507
                        if not self.precpred(self._ctx, 10):
                            from antlr4.error.Errors import FailedPredicateException
                            raise FailedPredicateException(self, "self.precpred(self._ctx, 10)")
                        self.state = 512
                        self._errHandler.sync(self)
                        token = self._input.LA(1)
                        if token in [65]:
                            self.state = 508
                            self.match(SQLiteParser.ISNULL_)
                            pass
                        elif token in [76]:
                            self.state = 509
                            self.match(SQLiteParser.NOTNULL_)
                            pass
                        elif token in [75]:
                            self.state = 510
                            self.match(SQLiteParser.NOT_)
                            self.state = 511
                            self.match(SQLiteParser.NULL_)
                            pass
                        else:
                            raise NoViableAltException(self)

                        pass

             
                self.state = 518
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
            self.state = 526
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,70,self._ctx)
            if la_ == 1:
                self.state = 519
                self.identifier()
                self.state = 520
                self.match(SQLiteParser.DOT)
                self.state = 524
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,69,self._ctx)
                if la_ == 1:
                    self.state = 521
                    self.identifier()
                    self.state = 522
                    self.match(SQLiteParser.DOT)




            self.state = 528
            self.identifier()
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
        self.enterRule(localctx, 50, self.RULE_literal)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 530
            _la = self._input.LA(1)
            if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 7696581394432) != 0) or ((((_la - 77)) & ~0x3f) == 0 and ((1 << (_la - 77)) & 3489660929) != 0)):
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
        self.enterRule(localctx, 52, self.RULE_function_call)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 532
            self.function_name()
            self.state = 533
            self.match(SQLiteParser.OPEN_PAR)
            self.state = 549
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [7]:
                self.state = 534
                self.match(SQLiteParser.STAR)
                pass
            elif token in [3, 8, 9, 10, 32, 34, 35, 36, 39, 40, 41, 42, 43, 44, 46, 49, 50, 51, 52, 53, 56, 58, 67, 68, 69, 71, 72, 74, 75, 77, 78, 79, 82, 84, 85, 86, 87, 88, 89, 90, 91, 92, 95, 96, 102, 103, 104, 105, 106, 107, 108]:
                self.state = 536
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==44:
                    self.state = 535
                    self.match(SQLiteParser.DISTINCT_)


                self.state = 538
                self.expr(0)
                self.state = 543
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==5:
                    self.state = 539
                    self.match(SQLiteParser.COMMA)
                    self.state = 540
                    self.expr(0)
                    self.state = 545
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 547
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==28:
                    self.state = 546
                    self.order_by_clause()


                pass
            elif token in [4]:
                pass
            else:
                pass
            self.state = 551
            self.match(SQLiteParser.CLOSE_PAR)
            self.state = 553
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,75,self._ctx)
            if la_ == 1:
                self.state = 552
                self.filter_clause()


            self.state = 556
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,76,self._ctx)
            if la_ == 1:
                self.state = 555
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
        self.enterRule(localctx, 54, self.RULE_function_name)
        try:
            self.state = 561
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [32, 34, 36, 39, 43, 46, 49, 51, 52, 53, 56, 58, 67, 69, 71, 72, 74, 78, 79, 82, 84, 85, 86, 87, 88, 89, 91, 92, 95, 96, 102, 103, 104]:
                self.enterOuterAlt(localctx, 1)
                self.state = 558
                self.identifier()
                pass
            elif token in [68]:
                self.enterOuterAlt(localctx, 2)
                self.state = 559
                self.match(SQLiteParser.LEFT_)
                pass
            elif token in [90]:
                self.enterOuterAlt(localctx, 3)
                self.state = 560
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
        self.enterRule(localctx, 56, self.RULE_filter_clause)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 563
            self.match(SQLiteParser.FILTER_)
            self.state = 564
            self.match(SQLiteParser.OPEN_PAR)
            self.state = 565
            self.match(SQLiteParser.WHERE_)
            self.state = 566
            self.expr(0)
            self.state = 567
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
        self.enterRule(localctx, 58, self.RULE_over_clause)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 569
            self.match(SQLiteParser.OVER_)
            self.state = 575
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [32, 34, 36, 39, 43, 46, 49, 51, 52, 53, 56, 58, 67, 69, 71, 72, 74, 78, 79, 82, 84, 85, 86, 87, 88, 89, 91, 92, 95, 96, 102, 103, 104]:
                self.state = 570
                self.identifier()
                pass
            elif token in [3]:
                self.state = 571
                self.match(SQLiteParser.OPEN_PAR)
                self.state = 572
                self.window_defn()
                self.state = 573
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
        self.enterRule(localctx, 60, self.RULE_window_defn)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 578
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,79,self._ctx)
            if la_ == 1:
                self.state = 577
                self.identifier()


            self.state = 590
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==85:
                self.state = 580
                self.match(SQLiteParser.PARTITION_)
                self.state = 581
                self.match(SQLiteParser.BY_)
                self.state = 582
                self.expr(0)
                self.state = 587
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==5:
                    self.state = 583
                    self.match(SQLiteParser.COMMA)
                    self.state = 584
                    self.expr(0)
                    self.state = 589
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)



            self.state = 593
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==28:
                self.state = 592
                self.order_by_clause()


            self.state = 596
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if ((((_la - 58)) & ~0x3f) == 0 and ((1 << (_la - 58)) & 17716740097) != 0):
                self.state = 595
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
        self.enterRule(localctx, 62, self.RULE_frame_spec)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 598
            _la = self._input.LA(1)
            if not(((((_la - 58)) & ~0x3f) == 0 and ((1 << (_la - 58)) & 17716740097) != 0)):
                self._errHandler.recoverInline(self)
            else:
                self._errHandler.reportMatch(self)
                self.consume()
            self.state = 605
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [33]:
                self.state = 599
                self.match(SQLiteParser.BETWEEN_)
                self.state = 600
                self.frame_bound()
                self.state = 601
                self.match(SQLiteParser.AND_)
                self.state = 602
                self.frame_bound()
                pass
            elif token in [3, 8, 9, 10, 32, 34, 35, 36, 39, 40, 41, 42, 43, 46, 49, 50, 51, 52, 53, 56, 58, 67, 68, 69, 71, 72, 74, 75, 77, 78, 79, 82, 84, 85, 86, 87, 88, 89, 90, 91, 92, 95, 96, 102, 103, 104, 105, 106, 107, 108]:
                self.state = 604
                self.frame_bound()
                pass
            else:
                raise NoViableAltException(self)

            self.state = 616
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==49:
                self.state = 607
                self.match(SQLiteParser.EXCLUDE_)
                self.state = 614
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [74]:
                    self.state = 608
                    self.match(SQLiteParser.NO_)
                    self.state = 609
                    self.match(SQLiteParser.OTHERS_)
                    pass
                elif token in [39]:
                    self.state = 610
                    self.match(SQLiteParser.CURRENT_)
                    self.state = 611
                    self.match(SQLiteParser.ROW_)
                    pass
                elif token in [57]:
                    self.state = 612
                    self.match(SQLiteParser.GROUP_)
                    pass
                elif token in [95]:
                    self.state = 613
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
        self.enterRule(localctx, 64, self.RULE_frame_bound)
        self._la = 0 # Token type
        try:
            self.state = 625
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,87,self._ctx)
            if la_ == 1:
                self.enterOuterAlt(localctx, 1)
                self.state = 618
                self.match(SQLiteParser.UNBOUNDED_)
                self.state = 619
                _la = self._input.LA(1)
                if not(_la==53 or _la==86):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                pass

            elif la_ == 2:
                self.enterOuterAlt(localctx, 2)
                self.state = 620
                self.match(SQLiteParser.CURRENT_)
                self.state = 621
                self.match(SQLiteParser.ROW_)
                pass

            elif la_ == 3:
                self.enterOuterAlt(localctx, 3)
                self.state = 622
                self.expr(0)
                self.state = 623
                _la = self._input.LA(1)
                if not(_la==53 or _la==86):
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
        self.enterRule(localctx, 66, self.RULE_type_name)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 628 
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while True:
                self.state = 627
                self.identifier()
                self.state = 630 
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if not ((((_la) & ~0x3f) == 0 and ((1 << _la) & 376693323626184704) != 0) or ((((_la - 67)) & ~0x3f) == 0 and ((1 << (_la - 67)) & 241382103221) != 0)):
                    break

            self.state = 640
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==3:
                self.state = 632
                self.match(SQLiteParser.OPEN_PAR)
                self.state = 633
                self.signed_number()
                self.state = 636
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==5:
                    self.state = 634
                    self.match(SQLiteParser.COMMA)
                    self.state = 635
                    self.signed_number()


                self.state = 638
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
        self.enterRule(localctx, 68, self.RULE_signed_number)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 643
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==8 or _la==9:
                self.state = 642
                _la = self._input.LA(1)
                if not(_la==8 or _la==9):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()


            self.state = 645
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
        self.enterRule(localctx, 70, self.RULE_table_name)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 647
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
        self.enterRule(localctx, 72, self.RULE_alias)
        try:
            self.state = 651
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [32, 34, 36, 39, 43, 46, 49, 51, 52, 53, 56, 58, 67, 69, 71, 72, 74, 78, 79, 82, 84, 85, 86, 87, 88, 89, 91, 92, 95, 96, 102, 103, 104]:
                self.enterOuterAlt(localctx, 1)
                self.state = 649
                self.identifier()
                pass
            elif token in [107]:
                self.enterOuterAlt(localctx, 2)
                self.state = 650
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
        self.enterRule(localctx, 74, self.RULE_identifier)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 653
            _la = self._input.LA(1)
            if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 376693323626184704) != 0) or ((((_la - 67)) & ~0x3f) == 0 and ((1 << (_la - 67)) & 241382103221) != 0)):
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
         




