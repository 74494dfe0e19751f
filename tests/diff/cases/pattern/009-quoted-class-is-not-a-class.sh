case a in ["[:alpha:]"]) echo class;; *) echo no;; esac
case a in [[:alpha\:]]) echo class;; *) echo no;; esac
