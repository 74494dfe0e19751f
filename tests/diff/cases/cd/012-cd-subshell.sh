base=$PWD
mkdir d
(cd d; echo "sub ${PWD#$base}")
echo "main [${PWD#$base}]"
