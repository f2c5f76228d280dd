namespace Onav
{
    /// How a link joins two polygons (ONAV_LINK_*).
    public enum LinkKind
    {
        Portal = 0,
        OffMesh = 1,
        OffMeshReverse = 2,
    }
}
