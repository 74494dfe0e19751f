command -V break continue exit return set shift trap unset export readonly eval exec times . local
command -V local
command -V true false test pwd kill read getopts umask alias cd
