import sys

from sqlintent.cli import main

sys.exit(main())
