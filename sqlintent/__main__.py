from sqlintent.cli import entry

entry()
