namespace Onav
{
    /// One polygon of a tile with its edges (NavTile.GetPolygon).
    public sealed class NavTilePolygon
    {
        public NavTilePolygon(NavPolygon polygon, uint[] indices, uint[] neighbours, byte[] portalSides)
        {
            Polygon = polygon;
            Indices = indices;
            Neighbours = neighbours;
            PortalSides = portalSides;
        }

        /// Vertex count, area and flags.
        public NavPolygon Polygon { get; private set; }
        /// Per edge: vertex index.
        public uint[] Indices { get; private set; }
        /// Per edge: 0 = no neighbour, k = in-tile polygon k-1.
        public uint[] Neighbours { get; private set; }
        /// Per edge: 0xFF = not a portal, else the tile side 0..3.
        public byte[] PortalSides { get; private set; }
    }
}
