# an unterminated double quote after a failing command: its status
(exit 5)
echo "abc
