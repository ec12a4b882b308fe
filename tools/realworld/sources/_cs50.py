"""What the CS50 sources share: Harvard's CS50 problem sets (CC BY-NC-SA 4.0), students' public repositories
holding `<pset>/<n>.sql`, the database committed beside the answers in one of them."""
from __future__ import annotations

LICENCE = ("problem set text and databases: CS50, Harvard, CC BY-NC-SA 4.0; answers: each student's public "
           "repository (mostly no licence stated); used here by reference only, never copied into the project")
