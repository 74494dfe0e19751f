# expect: status=127 stderr=no_such_command_xyz: command not found
no_such_command_xyz
