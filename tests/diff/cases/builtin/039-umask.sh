umask 022
umask
umask 077
umask
umask -S
umask 0022
umask -S
