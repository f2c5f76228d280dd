// The header compiles alone as C++ and its functions have C linkage.
#include "onav.h"

#include <type_traits>

static_assert(std::is_same<decltype(&onav_version), uint32_t (*)()>::value, "onav_version is a plain C function");
static_assert(sizeof(OnavError) == 8 + ONAV_ERROR_MESSAGE_LEN, "OnavError has no hidden padding");

int main() {
    return ONAV_OK;
}
