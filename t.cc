#include <sudoku.h>
int main() { return sd_version() == 0; }
