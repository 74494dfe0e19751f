# esac alone
esac
echo after
