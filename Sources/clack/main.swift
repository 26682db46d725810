import ClackCommands
ClackCommand.main()
