from bragref.cli import main

main()
