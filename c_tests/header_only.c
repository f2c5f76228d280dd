/* The header compiles alone as C11 (-Wall -Wextra -Werror -pedantic). */
#include "onav.h"

int main(void) {
    return ONAV_OK;
}
