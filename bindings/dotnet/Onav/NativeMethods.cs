// Every import of libonav, one per C function of include/onav.h (except the
// test hook onav_debug_panic; the ctest dotnet_imports_complete checks it). Inputs arrive as pinned pointers, outputs
// that the library sizes go through SizeQuery with an IntPtr to a pinned
// managed array, so no element is marshalled one by one.
using System;
using System.Runtime.InteropServices;

namespace Onav
{
    internal static unsafe class NativeMethods
    {
        // iOS (and any host that links libonav.a into the executable) has no
        // shared library to load: Unity's IL2CPP resolves "__Internal" to the
        // symbols linked into the app. Define ONAV_STATIC_LINK for other such hosts.
#if (UNITY_IOS && !UNITY_EDITOR) || ONAV_STATIC_LINK
        internal const string Library = "__Internal";
#else
        internal const string Library = "onav";
#endif
        const CallingConvention Cdecl = CallingConvention.Cdecl;

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        internal delegate int BuildProgressCallback(UIntPtr done, UIntPtr total, IntPtr userData);

        // Version and status names.
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern IntPtr onav_status_name(int status);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern uint onav_version();
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern byte onav_abi_compatible(uint headerVersion);

        // NavMeshParams.
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_params_validate(ref NavMeshParams parameters, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_params_encode(ref NavMeshParams parameters, IntPtr buf, UIntPtr cap, out UIntPtr len, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_params_decode(byte* data, UIntPtr len, out NavMeshParams parameters, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_params_fingerprint(ref NavMeshParams parameters, out NativeDigest fingerprint, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_params_max_local_extent(ref NavMeshParams parameters, out double extent, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_params_tile_origin(ref NavMeshParams parameters, int tileX, int tileZ, out double x, out double z, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_params_world_to_tile(ref NavMeshParams parameters, double x, double z, out int tileX, out int tileZ, ref NativeError err);

        // Tiles.
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_tile_create(ref NavMeshParams parameters, ref NativeTileData data, out TileHandle tile, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_tile_read(ref NavMeshParams parameters, byte* data, UIntPtr len, out TileHandle tile, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_tile_write(TileHandle tile, IntPtr buf, UIntPtr cap, out UIntPtr len, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern void onav_tile_free(IntPtr tile);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_tile_fingerprint(TileHandle tile, out NativeDigest fingerprint, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_tile_content_id(TileHandle tile, out NativeDigest id, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_tile_info(TileHandle tile, out NavTileInfo info, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_tile_vertex(TileHandle tile, uint index, out Float3 vertex, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_tile_polygon(TileHandle tile, uint index, out NativePolygonInfo polygon, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_tile_off_mesh_link(TileHandle tile, uint index, out NavOffMeshLink link, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_tile_assemble(ref NavMeshParams parameters, ref NativeTilePolygons polygons, out TileHandle tile, ref NativeError err);

        // TiledNavMesh: edits.
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_new(ref NavMeshParams parameters, out MeshHandle mesh, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_read(byte* data, UIntPtr len, out MeshHandle mesh, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_write(MeshHandle mesh, IntPtr buf, UIntPtr cap, out UIntPtr len, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_clone(MeshHandle mesh, out MeshHandle clone, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern void onav_mesh_free(IntPtr mesh);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_add_tile(MeshHandle mesh, TileHandle tile, out ulong tileRef, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_add_tile_bytes(MeshHandle mesh, byte* data, UIntPtr len, out ulong tileRef, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_replace_tile(MeshHandle mesh, TileHandle tile, out ulong tileRef, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_replace_tile_bytes(MeshHandle mesh, byte* data, UIntPtr len, out ulong tileRef, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_remove_tile(MeshHandle mesh, int tileX, int tileZ, ushort layer, out ulong tileRef, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_remove_column(MeshHandle mesh, int tileX, int tileZ, out uint count, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_snapshot(MeshHandle mesh, IntPtr buf, UIntPtr cap, out UIntPtr len, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_restore(MeshHandle mesh, byte* snapshot, UIntPtr len, TileLibraryHandle library, ref NativeError err);

        // TiledNavMesh: reading.
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_params(MeshHandle mesh, out NavMeshParams parameters, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_fingerprint(MeshHandle mesh, out NativeDigest fingerprint, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_world_to_tile(MeshHandle mesh, double x, double z, out int tileX, out int tileZ, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_polygon(MeshHandle mesh, ulong polyRef, out NavPolygon polygon, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_polygon_outline(MeshHandle mesh, ulong polyRef, IntPtr buf, UIntPtr cap, out UIntPtr len, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_links(MeshHandle mesh, ulong polyRef, IntPtr buf, UIntPtr cap, out UIntPtr len, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_tile_count(MeshHandle mesh, out uint count, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_slot_count(MeshHandle mesh, out uint count, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_slot_salt(MeshHandle mesh, uint slot, out uint salt, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_tile_at(MeshHandle mesh, int tileX, int tileZ, ushort layer, out ulong tileRef, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_column_tiles(MeshHandle mesh, int tileX, int tileZ, IntPtr buf, UIntPtr cap, out UIntPtr len, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_tiles(MeshHandle mesh, IntPtr buf, UIntPtr cap, out UIntPtr len, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_tile_info(MeshHandle mesh, ulong tileRef, out NavTileInfo info, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_tile(MeshHandle mesh, ulong tileRef, out TileHandle tile, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_is_valid_poly_ref(MeshHandle mesh, ulong polyRef, out byte valid, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_is_valid_tile_ref(MeshHandle mesh, ulong tileRef, out byte valid, ref NativeError err);

        // TiledNavMesh: run-time switches (docs/RUNTIME_SWITCHES.md).
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_poly_flags(MeshHandle mesh, ulong polyRef, out ushort flags, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_poly_area(MeshHandle mesh, ulong polyRef, out byte area, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_set_poly_flags(MeshHandle mesh, ulong polyRef, ushort flags, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_set_poly_area(MeshHandle mesh, ulong polyRef, byte area, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_off_mesh_link_enabled(MeshHandle mesh, ulong tileRef, uint index, out byte enabled, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_set_off_mesh_link_enabled(MeshHandle mesh, ulong tileRef, uint index, byte enabled, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_set_off_mesh_links_enabled_by_user_id(MeshHandle mesh, uint userId, byte enabled, out UIntPtr count, ref NativeError err);

        // References.
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_poly_ref_encode(uint salt, uint slot, uint polygon, out ulong polyRef, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_poly_ref_decode(ulong polyRef, out uint salt, out uint slot, out uint polygon, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_tile_ref_encode(uint salt, uint slot, out ulong tileRef, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_tile_ref_decode(ulong tileRef, out uint salt, out uint slot, ref NativeError err);

        // NavMeshDebug.
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_debug_collect(MeshHandle mesh, out MeshDebugHandle debug, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern void onav_mesh_debug_free(IntPtr debug);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_debug_counts(MeshDebugHandle debug, out uint polygonCount, out uint linkCount, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_debug_polygon(MeshDebugHandle debug, uint index, out NativeDebugPolygon polygon, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_debug_polygon_outline(MeshDebugHandle debug, uint index, IntPtr buf, UIntPtr cap, out UIntPtr len, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_mesh_debug_link(MeshDebugHandle debug, uint index, out NavDebugLink link, ref NativeError err);

        // TileLibrary.
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_tile_library_new(ref NavMeshParams parameters, out TileLibraryHandle library, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern void onav_tile_library_free(IntPtr library);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_tile_library_add(TileLibraryHandle library, byte* data, UIntPtr len, out NativeDigest id, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_tile_library_count(TileLibraryHandle library, out UIntPtr count, ref NativeError err);

        // TileStreamer.
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_streamer_new(out StreamerHandle streamer, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern void onav_streamer_free(IntPtr streamer);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_streamer_queue_tile(StreamerHandle streamer, byte* data, UIntPtr len, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_streamer_queue_remove_column(StreamerHandle streamer, int tileX, int tileZ, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_streamer_update(StreamerHandle streamer, MeshHandle mesh, UIntPtr maxOperations, out UIntPtr applied, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_streamer_pending(StreamerHandle streamer, out UIntPtr pending, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_streamer_clear(StreamerHandle streamer, ref NativeError err);

        // NavMesh (tier 1).
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_nav_mesh_new(SettingsHandle settings, out NavMeshHandle navMesh, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_nav_mesh_build_2d(SettingsHandle settings, NativeTileInput2D* tiles, UIntPtr count, out NavMeshHandle navMesh, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_nav_mesh_build_planar(SettingsHandle settings, ref NativePlanarOutlines outlines, out NavMeshHandle navMesh, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_nav_mesh_rebuild_tile_2d(NavMeshHandle navMesh, ref NativeTileInput2D input, out ulong tileRef, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_nav_mesh_build_3d(SettingsHandle settings, TriangleGeometryHandle geometry, BuildProgressCallback progress, IntPtr userData, out NavMeshHandle navMesh, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_nav_mesh_rebuild_tile_3d(NavMeshHandle navMesh, TriangleGeometryHandle geometry, int tileX, int tileZ, out UIntPtr count, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_nav_mesh_rebuild_tile_planar(NavMeshHandle navMesh, ref NativePlanarOutlines outlines, int tileX, int tileZ, out UIntPtr count, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_nav_mesh_save(NavMeshHandle navMesh, IntPtr buf, UIntPtr cap, out UIntPtr len, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_nav_mesh_load(byte* data, UIntPtr len, out NavMeshHandle navMesh, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_nav_mesh_load_with(SettingsHandle settings, byte* data, UIntPtr len, out NavMeshHandle navMesh, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_nav_mesh_settings(NavMeshHandle navMesh, out SettingsHandle settings, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_nav_mesh_params(NavMeshHandle navMesh, out NavMeshParams parameters, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_nav_mesh_write_mesh(NavMeshHandle navMesh, IntPtr buf, UIntPtr cap, out UIntPtr len, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_nav_mesh_mesh_clone(NavMeshHandle navMesh, out MeshHandle mesh, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern void onav_nav_mesh_free(IntPtr navMesh);

        // Level triangles for the 3D builder.
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_triangle_geometry_create(Double3* vertices, UIntPtr vertexCount, uint* indices, UIntPtr indexCount, byte* areas, out TriangleGeometryHandle geometry, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_triangle_geometry_add_convex_volume(TriangleGeometryHandle geometry, Double2* points, UIntPtr pointCount, double minY, double maxY, byte area, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern void onav_triangle_geometry_free(IntPtr geometry);

        // NavWorld.
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_nav_world_build_2d(IntPtr* classes, UIntPtr classCount, NativeTileInput2D* tiles, UIntPtr tileCount, out NavWorldHandle world, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_nav_world_build_3d(IntPtr* classes, UIntPtr classCount, TriangleGeometryHandle geometry, BuildProgressCallback progress, IntPtr userData, out NavWorldHandle world, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_nav_world_build_planar(IntPtr* classes, UIntPtr classCount, ref NativePlanarOutlines outlines, out NavWorldHandle world, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_nav_world_class_count(NavWorldHandle world, out UIntPtr count, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_nav_world_class(NavWorldHandle world, uint index, out NavMeshHandle navMesh, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_nav_world_class_for(NavWorldHandle world, float radius, out uint index, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_nav_world_save(NavWorldHandle world, IntPtr buf, UIntPtr cap, out UIntPtr len, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_nav_world_load(byte* data, UIntPtr len, out NavWorldHandle world, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern void onav_nav_world_free(IntPtr world);

        // Detour import.
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_import_detour_options_default(out DetourImportOptions options, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_import_detour_tile_set(byte* data, UIntPtr len, ref DetourImportOptions options, out MeshHandle mesh, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_import_detour_tile(ref NavMeshParams parameters, byte* data, UIntPtr len, ref DetourImportOptions options, out TileHandle tile, ref NativeError err);

        // NavSettings: lifetime, enum, links, parameters.
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_new(out SettingsHandle settings, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_clone(SettingsHandle settings, out SettingsHandle clone, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern void onav_settings_free(IntPtr settings);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_partition(SettingsHandle s, out int value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_set_partition(SettingsHandle s, int value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_set_off_mesh_links(SettingsHandle s, OffMeshLinkDefinition* links, UIntPtr count, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_off_mesh_links(SettingsHandle s, IntPtr buf, UIntPtr cap, out UIntPtr len, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_to_params(SettingsHandle s, out NavMeshParams parameters, ref NativeError err);

        // NavSettings: one getter and one validating setter per field.
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_origin_x(SettingsHandle s, out double value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_set_origin_x(SettingsHandle s, double value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_origin_y(SettingsHandle s, out double value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_set_origin_y(SettingsHandle s, double value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_origin_z(SettingsHandle s, out double value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_set_origin_z(SettingsHandle s, double value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_tile_size(SettingsHandle s, out double value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_set_tile_size(SettingsHandle s, double value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_cell_size(SettingsHandle s, out double value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_set_cell_size(SettingsHandle s, double value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_agent_radius(SettingsHandle s, out float value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_set_agent_radius(SettingsHandle s, float value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_agent_height(SettingsHandle s, out float value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_set_agent_height(SettingsHandle s, float value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_walkable_climb(SettingsHandle s, out float value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_set_walkable_climb(SettingsHandle s, float value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_agent_max_slope(SettingsHandle s, out float value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_set_agent_max_slope(SettingsHandle s, float value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_max_verts_per_poly(SettingsHandle s, out ushort value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_set_max_verts_per_poly(SettingsHandle s, ushort value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_cell_height(SettingsHandle s, out double value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_set_cell_height(SettingsHandle s, double value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_snap_bits(SettingsHandle s, out int value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_set_snap_bits(SettingsHandle s, int value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_min_region_area(SettingsHandle s, out int value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_set_min_region_area(SettingsHandle s, int value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_merge_region_area(SettingsHandle s, out int value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_set_merge_region_area(SettingsHandle s, int value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_contour_max_error(SettingsHandle s, out float value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_set_contour_max_error(SettingsHandle s, float value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_max_edge_length(SettingsHandle s, out double value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_set_max_edge_length(SettingsHandle s, double value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_detail_sample_distance(SettingsHandle s, out double value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_set_detail_sample_distance(SettingsHandle s, double value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_detail_max_error(SettingsHandle s, out double value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_set_detail_max_error(SettingsHandle s, double value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_height(SettingsHandle s, out double value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_set_height(SettingsHandle s, double value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_area(SettingsHandle s, out byte value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_set_area(SettingsHandle s, byte value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_flags(SettingsHandle s, out ushort value, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_settings_set_flags(SettingsHandle s, ushort value, ref NativeError err);

        // NavMeshQuery: lifetime.
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_new(MeshHandle mesh, uint maxNodes, out QueryHandle query, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_new_for_nav_mesh(NavMeshHandle navMesh, uint maxNodes, out QueryHandle query, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_new_for_agent(NavWorldHandle world, float radius, uint maxNodes, out QueryHandle query, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_set_mesh(QueryHandle query, MeshHandle mesh, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_max_nodes(QueryHandle query, out uint maxNodes, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern void onav_query_free(IntPtr query);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_filter_default(out NativeQueryFilter filter, ref NativeError err);

        // NavMeshQuery: searches.
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_is_valid_poly_ref(QueryHandle query, ulong polyRef, ref NativeQueryFilter filter, out byte valid, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_find_nearest_poly(QueryHandle query, Double3 center, Double3 halfExtents, ref NativeQueryFilter filter, out NearestPoly nearest, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_polygons(QueryHandle query, Double3 center, Double3 halfExtents, ref NativeQueryFilter filter, IntPtr buf, UIntPtr cap, out UIntPtr len, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_find_path(QueryHandle query, ulong startRef, ulong endRef, Double3 start, Double3 end, ref NativeQueryFilter filter, uint budget, IntPtr buf, UIntPtr cap, out UIntPtr len, out PathOutcome outcome, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_find_straight_path(QueryHandle query, ulong* corridor, UIntPtr corridorLen, Double3 start, Double3 end, int crossings, IntPtr buf, UIntPtr cap, out UIntPtr len, out int status, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_straight_path_length(StraightPathVertex* vertices, UIntPtr count, out double length, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_raycast(QueryHandle query, ulong startRef, Double3 start, Double3 end, ref NativeQueryFilter filter, uint options, IntPtr buf, UIntPtr cap, out UIntPtr len, out RaycastHit hit, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_find_shortest_path(QueryHandle query, ulong startRef, ulong endRef, Double3 start, Double3 end, ref NativeQueryFilter filter, IntPtr buf, UIntPtr cap, out UIntPtr len, out ShortestPathOutcome outcome, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_find_distance_to_wall(QueryHandle query, ulong startRef, Double3 center, double radius, ref NativeQueryFilter filter, out WallDistance distance, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_move_along_surface(QueryHandle query, ulong startRef, Double3 start, Double3 end, ref NativeQueryFilter filter, IntPtr buf, UIntPtr cap, out UIntPtr len, out SurfaceMove move, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_find_local_neighbourhood(QueryHandle query, ulong startRef, Double3 center, double radius, ref NativeQueryFilter filter, IntPtr buf, UIntPtr cap, out UIntPtr len, out int status, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_find_polys_around_circle(QueryHandle query, ulong startRef, Double3 center, double radius, ref NativeQueryFilter filter, IntPtr buf, UIntPtr cap, out UIntPtr len, out int status, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_find_random_point(QueryHandle query, ref NativeQueryFilter filter, ulong seed, out RandomPoint point, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_find_random_point_around_circle(QueryHandle query, ulong startRef, Double3 center, double radius, ref NativeQueryFilter filter, ulong seed, out RandomPoint point, out int status, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_closest_point_on_poly(QueryHandle query, ulong polyRef, Double3 position, out ClosestPoint closest, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_closest_point_on_poly_boundary(QueryHandle query, ulong polyRef, Double3 position, out Double3 closest, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_poly_height(QueryHandle query, ulong polyRef, Double3 position, out byte over, out double height, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_poly_wall_segments(QueryHandle query, ulong polyRef, ref NativeQueryFilter filter, byte includePortals, IntPtr buf, UIntPtr cap, out UIntPtr len, ref NativeError err);

        // NavMeshQuery: sliced path search.
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_init_sliced_find_path(QueryHandle query, ulong startRef, ulong endRef, Double3 start, Double3 end, ref NativeQueryFilter filter, uint budget, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_update_sliced_find_path(QueryHandle query, uint maxIterations, out SliceProgress progress, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_finalize_sliced_find_path(QueryHandle query, IntPtr buf, UIntPtr cap, out UIntPtr len, out PathOutcome outcome, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_query_finalize_sliced_find_path_partial(QueryHandle query, ulong* existing, UIntPtr existingLen, IntPtr buf, UIntPtr cap, out UIntPtr len, out PathOutcome outcome, ref NativeError err);

        // Crowd.
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_agent_params_default(double radius, double height, out AgentParams parameters, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_crowd_settings_default(out CrowdSettings settings, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_crowd_new(MeshHandle mesh, ref CrowdSettings settings, out CrowdHandle crowd, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_crowd_new_for_nav_mesh(NavMeshHandle navMesh, ref CrowdSettings settings, out CrowdHandle crowd, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_crowd_set_mesh(CrowdHandle crowd, MeshHandle mesh, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_crowd_set_nav_mesh(CrowdHandle crowd, NavMeshHandle navMesh, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_crowd_step(CrowdHandle crowd, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_crowd_step_on_calling_thread(CrowdHandle crowd, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_crowd_tick(CrowdHandle crowd, out ulong tick, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_crowd_agent_count(CrowdHandle crowd, out UIntPtr count, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_crowd_state_hash(CrowdHandle crowd, out NativeCrowdHash hash, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_crowd_read_agents(CrowdHandle crowd, IntPtr buf, UIntPtr cap, out UIntPtr len, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern void onav_crowd_free(IntPtr crowd);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_crowd_add_agent(CrowdHandle crowd, Double3 position, ref AgentParams parameters, out AgentHandle agent, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_crowd_remove_agent(CrowdHandle crowd, AgentHandle agent, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_crowd_set_position(CrowdHandle crowd, AgentHandle agent, Double3 position, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_crowd_set_agent_params(CrowdHandle crowd, AgentHandle agent, ref AgentParams parameters, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_crowd_agent_params(CrowdHandle crowd, AgentHandle agent, out AgentParams parameters, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_crowd_agent_corners(CrowdHandle crowd, AgentHandle agent, IntPtr buf, UIntPtr cap, out UIntPtr len, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_crowd_agent_corridor(CrowdHandle crowd, AgentHandle agent, IntPtr buf, UIntPtr cap, out UIntPtr len, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_crowd_request_move_target(CrowdHandle crowd, AgentHandle agent, Double3 target, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_crowd_request_move_velocity(CrowdHandle crowd, AgentHandle agent, Double3 velocity, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_crowd_reset_move_target(CrowdHandle crowd, AgentHandle agent, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_crowd_complete_off_mesh_link(CrowdHandle crowd, AgentHandle agent, ref NativeError err);

        // WorldCrowd.
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_world_crowd_new(NavWorldHandle world, ref CrowdSettings settings, out WorldCrowdHandle crowd, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_world_crowd_set_world(WorldCrowdHandle crowd, NavWorldHandle world, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_world_crowd_step(WorldCrowdHandle crowd, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_world_crowd_step_on_calling_thread(WorldCrowdHandle crowd, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_world_crowd_class_count(WorldCrowdHandle crowd, out uint count, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_world_crowd_class_for(WorldCrowdHandle crowd, double radius, out uint classIndex, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_world_crowd_tick(WorldCrowdHandle crowd, out ulong tick, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_world_crowd_agent_count(WorldCrowdHandle crowd, out UIntPtr count, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_world_crowd_state_hash(WorldCrowdHandle crowd, out NativeCrowdHash hash, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_world_crowd_read_agents(WorldCrowdHandle crowd, IntPtr buf, UIntPtr cap, out UIntPtr len, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern void onav_world_crowd_free(IntPtr crowd);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_world_crowd_add_agent(WorldCrowdHandle crowd, Double3 position, ref AgentParams parameters, out WorldAgentHandle agent, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_world_crowd_add_agent_to_class(WorldCrowdHandle crowd, uint classIndex, Double3 position, ref AgentParams parameters, out WorldAgentHandle agent, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_world_crowd_remove_agent(WorldCrowdHandle crowd, WorldAgentHandle agent, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_world_crowd_set_position(WorldCrowdHandle crowd, WorldAgentHandle agent, Double3 position, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_world_crowd_set_agent_params(WorldCrowdHandle crowd, WorldAgentHandle agent, ref AgentParams parameters, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_world_crowd_agent_params(WorldCrowdHandle crowd, WorldAgentHandle agent, out AgentParams parameters, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_world_crowd_agent_corners(WorldCrowdHandle crowd, WorldAgentHandle agent, IntPtr buf, UIntPtr cap, out UIntPtr len, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_world_crowd_agent_corridor(WorldCrowdHandle crowd, WorldAgentHandle agent, IntPtr buf, UIntPtr cap, out UIntPtr len, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_world_crowd_request_move_target(WorldCrowdHandle crowd, WorldAgentHandle agent, Double3 target, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_world_crowd_request_move_velocity(WorldCrowdHandle crowd, WorldAgentHandle agent, Double3 velocity, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_world_crowd_reset_move_target(WorldCrowdHandle crowd, WorldAgentHandle agent, ref NativeError err);
        [DllImport(Library, CallingConvention = Cdecl)] internal static extern int onav_world_crowd_complete_off_mesh_link(WorldCrowdHandle crowd, WorldAgentHandle agent, ref NativeError err);
    }
}
