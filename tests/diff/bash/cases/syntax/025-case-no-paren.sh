# a case pattern without its )
case x in a echo;; esac
echo after
