file=/path/to/file.tar.gz
base=${file##*/}
ext=${base#*.}
name=${base%%.*}
dir=${file%/*}
echo "$base $ext $name $dir"
