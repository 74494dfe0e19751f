printf '#!/bin/sh\necho from-script "$@"\nexit 3\n' > s
chmod +x s
./s a b
echo $?
