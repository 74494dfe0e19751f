case - in [\-]) echo match;; *) echo no;; esac
