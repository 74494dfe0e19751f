mkdir here && cd here
printf '#!/bin/sh\necho in-cwd\n' > tool
chmod +x tool
PATH=/usr/bin:/bin:
tool
