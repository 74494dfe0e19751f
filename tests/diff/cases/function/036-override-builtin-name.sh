cd() { echo "my cd $1"; }
cd /somewhere
command cd / && pwd
