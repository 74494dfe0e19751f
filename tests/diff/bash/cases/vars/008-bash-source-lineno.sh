# BASH_SOURCE: the file each frame's code comes from (this script at the
# bottom, a `.` file above it); BASH_LINENO: the line each was called
# from; FUNCNAME shows "source" for a `.` file while a function runs
show() { echo "${FUNCNAME[*]} | ${BASH_SOURCE[*]##*/} | ${BASH_LINENO[*]}"; }
echo "top ${BASH_SOURCE##*/} ${#BASH_SOURCE[@]} ${BASH_LINENO[*]}"
show
g() {
  show
}
g
printf '%s\n' 'echo "in lib: [${FUNCNAME[*]}] ${BASH_SOURCE[*]##*/} ${BASH_LINENO[*]}"' 'libf() { show; }' 'show' >lib.sh
. ./lib.sh
libf
w() { . ./lib.sh; }
w
echo "dir of me: $(basename "$(dirname "${BASH_SOURCE[0]}")") "
