// One tile of input to the exact 2D builder (NavMesh.Build2D): world
// polygons already cut to the tile, sharing vertices by index.
namespace Onav
{
    public sealed class NavTileInput2D
    {
        public int TileX, TileZ;
        /// 0..1023.
        public ushort Layer;
        /// World (x, z) per vertex (Double2.Y is world Z).
        public Double2[] Vertices;
        /// Vertex count per polygon.
        public byte[] VertexCounts;
        /// Vertex indices, polygon after polygon.
        public uint[] Indices;
        /// Area per polygon, or null for the settings' Area everywhere.
        public byte[] Areas;
        /// Flags per polygon, or null for the settings' Flags everywhere.
        public ushort[] Flags;

        internal NativeTileInput2D ToNative(PinSet pins)
        {
            PolygonArrays.CheckPerPolygon(VertexCounts, Areas, Flags);
            return new NativeTileInput2D
            {
                TileX = TileX, TileZ = TileZ, Layer = Layer,
                Vertices = pins.Pin(Vertices), VertexCount = NativeArgs.Length(Vertices),
                VertexCounts = pins.Pin(VertexCounts), PolygonCount = NativeArgs.Length(VertexCounts),
                Indices = pins.Pin(Indices), IndexCount = NativeArgs.Length(Indices),
                Areas = pins.Pin(Areas), Flags = pins.Pin(Flags),
            };
        }

        internal static NativeTileInput2D[] ToNative(NavTileInput2D[] tiles, PinSet pins)
        {
            if (tiles == null) throw new System.ArgumentNullException("tiles");
            var native = new NativeTileInput2D[tiles.Length];
            for (int i = 0; i < tiles.Length; i++)
            {
                if (tiles[i] == null) throw new System.ArgumentNullException("tiles[" + i + "]");
                native[i] = tiles[i].ToNative(pins);
            }
            return native;
        }
    }
}
