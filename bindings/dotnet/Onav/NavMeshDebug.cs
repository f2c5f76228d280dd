// Debug geometry as plain data: every polygon's world outline, area and
// flags and every stitched link as a world segment, in slot / polygon /
// link order. Collect copies it all out and frees the native collection.
using System;

namespace Onav
{
    public sealed class NavMeshDebug
    {
        NavMeshDebug(NavDebugPolygon[] polygons, NavDebugLink[] links)
        {
            Polygons = polygons;
            Links = links;
        }

        public NavDebugPolygon[] Polygons { get; private set; }
        public NavDebugLink[] Links { get; private set; }

        public static NavMeshDebug Collect(TiledNavMesh mesh)
        {
            if (mesh == null) throw new ArgumentNullException("mesh");
            var err = new NativeError();
            MeshDebugHandle debug;
            NativeStatus.Check(NativeMethods.onav_mesh_debug_collect(mesh.Handle, out debug, ref err), ref err);
            using (debug)
            {
                uint polygonCount, linkCount;
                NativeStatus.Check(NativeMethods.onav_mesh_debug_counts(debug, out polygonCount, out linkCount, ref err), ref err);
                return new NavMeshDebug(CollectPolygons(debug, polygonCount), CollectLinks(debug, linkCount));
            }
        }

        static NavDebugPolygon[] CollectPolygons(MeshDebugHandle debug, uint count)
        {
            var polygons = new NavDebugPolygon[count];
            var err = new NativeError();
            for (uint i = 0; i < count; i++)
            {
                NativeDebugPolygon polygon;
                NativeStatus.Check(NativeMethods.onav_mesh_debug_polygon(debug, i, out polygon, ref err), ref err);
                uint index = i;
                Double3[] outline = SizeQuery.Collect<Double3>((int)polygon.VertexCount, (IntPtr b, UIntPtr c, out UIntPtr l, ref NativeError e) => NativeMethods.onav_mesh_debug_polygon_outline(debug, index, b, c, out l, ref e));
                polygons[i] = new NavDebugPolygon(polygon, outline);
            }
            return polygons;
        }

        static NavDebugLink[] CollectLinks(MeshDebugHandle debug, uint count)
        {
            var links = new NavDebugLink[count];
            var err = new NativeError();
            for (uint i = 0; i < count; i++)
            {
                NativeStatus.Check(NativeMethods.onav_mesh_debug_link(debug, i, out links[i], ref err), ref err);
            }
            return links;
        }
    }
}
