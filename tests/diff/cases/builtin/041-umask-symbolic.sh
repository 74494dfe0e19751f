umask 000
umask u=rwx,g=rx,o=
umask
umask g-x
umask
