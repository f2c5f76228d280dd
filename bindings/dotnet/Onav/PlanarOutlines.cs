// What NavMesh.BuildPlanar reads besides the settings: walkable regions
// (where they overlap, the later region's area and flags win) and obstacle
// rings nothing may enter. The library copies them. Arrays left null count
// as empty.
namespace Onav
{
    public sealed class PlanarOutlines
    {
        public PlanarRegion[] Regions;
        public Double2[][] Obstacles;

        internal NativePlanarOutlines ToNative(PinSet pins)
        {
            NativePlanarRegion[] regions = null;
            if (Regions != null)
            {
                regions = new NativePlanarRegion[Regions.Length];
                for (int i = 0; i < Regions.Length; i++)
                {
                    if (Regions[i] == null) throw new System.ArgumentNullException("outlines.Regions[" + i + "]");
                    regions[i] = Regions[i].ToNative(pins);
                }
            }
            NativePlanarRing[] obstacles = NativePlanarRing.All(Obstacles, pins);
            return new NativePlanarOutlines
            {
                Regions = pins.Pin(regions), RegionCount = NativeArgs.Length(regions),
                Obstacles = pins.Pin(obstacles), ObstacleCount = NativeArgs.Length(obstacles),
            };
        }
    }
}
