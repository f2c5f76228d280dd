namespace Onav
{
    /// A polygon as NavMeshDebug.Collect reports it: where it is and its world outline.
    public sealed class NavDebugPolygon
    {
        internal NavDebugPolygon(NativeDebugPolygon polygon, Double3[] outline)
        {
            PolyRef = polygon.PolyRef;
            Slot = polygon.Slot;
            TileX = polygon.TileX;
            TileZ = polygon.TileZ;
            Layer = polygon.Layer;
            Area = polygon.Area;
            Flags = polygon.Flags;
            Outline = outline;
        }

        public ulong PolyRef { get; private set; }
        /// Slot of its tile.
        public uint Slot { get; private set; }
        public int TileX { get; private set; }
        public int TileZ { get; private set; }
        public ushort Layer { get; private set; }
        public byte Area { get; private set; }
        public ushort Flags { get; private set; }
        /// World-space outline, counter-clockwise seen from above.
        public Double3[] Outline { get; private set; }
    }
}
