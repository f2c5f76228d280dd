namespace Onav
{
    /// How an agent crosses an off-mesh link (ONAV_OFF_MESH_*): the crowd
    /// moves it straight across, or the host animates it and calls
    /// CompleteOffMeshLink.
    public enum OffMeshMode
    {
        Straight = 0,
        HostDriven = 1,
    }
}
