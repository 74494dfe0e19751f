# XCU 2.9.1: each assignment is expanded and assigned before the next.
A=1 B=$A sh -c 'echo "[$A][$B]"'
