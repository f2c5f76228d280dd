// The C++ tests' mesh, test_query.c's: tiles A (0,0), B (1,0) and C (1,1),
// each a 32x32 square at height 0 split along its diagonal (polygon 0 =
// (0,0) (32,0) (32,32), area 1, flags 0x11; polygon 1 = (0,0) (32,32)
// (0,32), area 2, flags 0x22), every outer edge a portal; tile D (3,0)
// stands alone, out of reach. A path from A to C turns round (32, 32).
#ifndef ONAV_CPP_TESTS_SQUARE_MESH_HPP
#define ONAV_CPP_TESTS_SQUARE_MESH_HPP

#include "onav.hpp"
#include "test_params.h"

#include <array>

namespace square_mesh {

enum Tile { TILE_A, TILE_B, TILE_C, TILE_D, TILES };

inline const onav::Vec3 vertices[] = {{0, 0, 0}, {32, 0, 0}, {32, 0, 32}, {0, 0, 32}};
inline const onav::Polygon polygons[] = {{3, 1, 0x11}, {3, 2, 0x22}};
inline const std::uint32_t indices[] = {0, 1, 2, 0, 2, 3};
inline const std::uint32_t neighbours[] = {0, 0, 2, 1, 0, 0};
inline const std::uint8_t portal_sides[] = {3, 0, 0xFF, 0xFF, 1, 2};
inline const std::int32_t columns[TILES][2] = {{0, 0}, {1, 0}, {1, 1}, {3, 0}};

inline onav::Params params() { return test_params(32.0); }

/// Tile `which` as views of the arrays above.
inline onav::TileData data(int which) {
    onav::TileData d;
    d.tile_x = columns[which][0];
    d.tile_z = columns[which][1];
    d.vertices = vertices;
    d.polygons = polygons;
    d.indices = indices;
    d.neighbours = neighbours;
    d.portal_sides = portal_sides;
    return d;
}

inline onav::NavTile tile(int which) { return onav::NavTile::create(params(), data(which)); }

/// The four tiles; their TileRefs in `refs`.
inline onav::TiledNavMesh build(std::array<onav::TileRef, TILES>& refs) {
    onav::TiledNavMesh mesh = onav::TiledNavMesh::create(params());
    for (int i = 0; i < TILES; i++) {
        refs[i] = mesh.add_tile(tile(i));
    }
    return mesh;
}

}  // namespace square_mesh

#endif  // ONAV_CPP_TESTS_SQUARE_MESH_HPP
