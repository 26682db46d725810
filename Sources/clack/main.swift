import ClackCommands

ClackCommand.main()
