// Writes the level the README's C++ example reads (ctest wrapper_readme):
// test_build.c's 19x19 floor built over tiles of 10, as an ONNM file at
// the path given. The example's points (2, 0, 2) and (18, 0, 17) lie on it.
#include "onav.hpp"

#include <cstdio>
#include <fstream>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: readme_level OUT.onnm\n");
        return 1;
    }
    const onav::DVec3 vertices[] = {{0.5, 0.0, 0.5}, {19.5, 0.0, 0.5}, {19.5, 0.0, 19.5}, {0.5, 0.0, 19.5}};
    const std::uint32_t indices[] = {0, 2, 1, 0, 3, 2};
    onav::NavSettings settings = onav::NavSettings::create();
    settings.set_tile_size(10.0);
    std::vector<std::uint8_t> bytes =
        onav::NavMesh::build_3d(settings, onav::TriangleGeometry::create(vertices, indices)).save();
    std::ofstream out(argv[1], std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    return out ? 0 : 1;
}
