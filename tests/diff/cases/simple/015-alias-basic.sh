alias say='echo said'
say hello
