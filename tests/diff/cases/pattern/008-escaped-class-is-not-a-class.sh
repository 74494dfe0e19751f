case a in [\[:alpha:]]) echo class;; *) echo no;; esac
case : in [\[:alpha:]]) echo colon;; *) echo no;; esac
